import { Component, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { CrashScreen } from './crash-screen'

type BoundaryProps = { fullPage: boolean; pathname: string; children: ReactNode }
type BoundaryState = { pathname: string; failure?: { error: unknown } }

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } }
  }

  // Going to another page tries again, as React Router's error routes do.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failure: undefined }
  }

  override render() {
    const { failure } = this.state
    return failure ? <CrashScreen error={failure.error} fullPage={this.props.fullPage} /> : this.props.children
  }
}

/** The crash screen of spec 000 §8 in place of whatever below it failed to render or to load. */
export function CrashBoundary({ fullPage = false, children }: { fullPage?: boolean; children: ReactNode }) {
  const { pathname } = useLocation()
  return (
    <Boundary fullPage={fullPage} pathname={pathname}>
      {children}
    </Boundary>
  )
}

type LogoProps = { className?: string; tone?: 'brand' | 'light' }

/** Piel's monogram (a lowercase "p" with a drop of serum) beside the "piel" wordmark. Decorative: label the link. */
export function Logo({ className, tone = 'brand' }: LogoProps) {
  const light = tone === 'light'
  return (
    <svg viewBox="0 0 104 40" className={className} aria-hidden="true" focusable="false">
      <LogoMark light={light} />
      <text
        x="48"
        y="28.5"
        fill={light ? '#fbf8f4' : '#1d5752'}
        fontFamily="'DM Sans Variable', ui-sans-serif, system-ui, sans-serif"
        fontSize="27"
        fontWeight="600"
        letterSpacing="-0.8"
      >
        piel
      </text>
    </svg>
  )
}

function LogoMark({ light }: { light: boolean }) {
  const ink = light ? '#1d5752' : '#fbf8f4'
  return (
    <g>
      <circle cx="20" cy="20" r="20" fill={light ? '#fbf8f4' : '#1d5752'} />
      <path d="M14 12.5v17" fill="none" stroke={ink} strokeWidth="3.2" strokeLinecap="round" />
      <circle cx="19.6" cy="18" r="5.6" fill="none" stroke={ink} strokeWidth="3.2" />
      <path d="M29.5 6.8c1.9 2.4 2.9 4 2.9 5.3a2.9 2.9 0 0 1-5.8 0c0-1.3 1-2.9 2.9-5.3z" fill="#e3a58c" />
    </g>
  )
}

/** The build's release (git short commit, or the package's version and build day): `vite.config.ts` defines it. */
declare const __PIEL_RELEASE__: string

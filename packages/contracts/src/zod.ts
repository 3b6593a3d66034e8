// zod with the contracts' settings applied first (Spanish messages; in the browser, no probe for eval under
// the CSP). Code outside this package that builds its own schemas imports `z` from here, not from 'zod'.
import './zod-setup'

export { z } from 'zod'

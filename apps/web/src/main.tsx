import '@fontsource-variable/dm-sans'
import 'virtual:font-fallback.css'
import './styles.css'
import { SSR_STATE_ID } from './app/ssr-state-id'
import { installErrorReporting } from './lib/error-reporting'
import { reloadForNewVersion } from './lib/stale-version'

// Crashes, uncaught errors and failed API calls are reported from the first line on (spec 000 §8).
installErrorReporting()

/*
 * The entry the HTML names: the shop's styles and a few lines. A page the server rendered is already
 * drawn, so the app's code (React, the router, the page) is fetched after the first paint and takes the
 * page over then (issue 16: a phone on 4G sees the page before it has downloaded the script). A page
 * drawn in the browser starts at once.
 */
const start = () =>
  import('./app/start')
    .then(({ startApp }) => startApp())
    .catch((error: unknown) => {
      // A page of the previous version whose code is gone after a deploy: the new version, once.
      if (!reloadForNewVersion()) throw error
    })
if (document.getElementById(SSR_STATE_ID)) requestAnimationFrame(() => setTimeout(() => void start(), 0))
else void start()

import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// In development the API runs beside Vite; everything it serves is proxied so the app stays same-origin.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The face detector of /upload (`@vladmandic/human` with TensorFlow.js, about 1.5 MB) is one lazy chunk of its own.
  build: { outDir: 'dist', chunkSizeWarningLimit: 1600 },
  server: {
    proxy: {
      '/swagger': apiTarget,
      '/media': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
      // Face photos and the face models of the upload page (spec 001 §7, at the server's root).
      '/upload-with-email': apiTarget,
      '/analyze-skin': apiTarget,
      '/fotos': apiTarget,
      '/mis-fotos': apiTarget,
      '/modelos': apiTarget,
      // The Wompi test double (widget script, card tokens, PSE bank page) served by the API in test mode.
      '/wompi-pruebas': apiTarget,
    },
  },
})

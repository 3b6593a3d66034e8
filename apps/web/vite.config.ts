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
  build: { outDir: 'dist' },
  server: {
    proxy: {
      '/swagger': apiTarget,
      '/media': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
})

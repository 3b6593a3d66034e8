import type { RouteObject } from 'react-router'
import { Navigate } from 'react-router'
import { RequireAuth } from '@/features/accounts/components/require-auth'
import { CrashScreen } from './layouts/crash-screen'
import { PageLoader } from './layouts/page-loader'
import { ShopLayout } from './layouts/shop-layout'
import {
  adminMeta,
  assistantMeta,
  catalogsMeta,
  documentMeta,
  homeMeta,
  notFoundMeta,
  type PageHandle,
  productListMeta,
  productMeta,
  staticMeta,
} from './page-meta'
import { Component as Home } from './routes/home'

const page = (handle: PageHandle) => handle

/**
 * Routes of spec 000 §2 built so far. /home ships in the main chunk; every other page is a lazy route module.
 * Routes of screens not built yet are absent on purpose: their links land on the 404 page until their issue.
 * The public pages (`handle.ssr`) arrive rendered from the server with their head tags (issue 16); the
 * others arrive as the app's shell and render in the browser.
 */
export const routes: RouteObject[] = [
  {
    // Spec 001 §2: the phone upload page reached by the assistant's QR code, outside the shop's frame.
    path: 'upload',
    lazy: () => import('./routes/upload'),
    errorElement: <CrashScreen fullPage />,
    hydrateFallbackElement: <PageLoader />,
  },
  {
    element: <ShopLayout />,
    // The layout itself failed: nothing of it can be trusted, so the crash screen takes the whole page.
    errorElement: <CrashScreen fullPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // A page failed: the header and footer stay, the crash screen replaces the main content.
        errorElement: <CrashScreen />,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          { path: 'home', Component: Home, handle: page({ ssr: true, meta: homeMeta }) },
          {
            path: 'storeProducts/:id',
            lazy: () => import('./routes/store-products'),
            handle: page({ ssr: true, meta: productListMeta }),
          },
          {
            path: 'searchProducts',
            lazy: () => import('./routes/store-products'),
            handle: page({ ssr: true, meta: productListMeta }),
          },
          {
            path: 'detailProducts/:id',
            lazy: () => import('./routes/product-detail'),
            handle: page({ ssr: true, meta: productMeta }),
          },
          {
            path: 'Catalogs',
            lazy: () => import('./routes/catalogs'),
            handle: page({ ssr: true, meta: catalogsMeta }),
          },
          {
            path: 'AboutUs',
            lazy: () => import('./routes/about-us'),
            handle: page({
              ssr: true,
              meta: staticMeta(
                'Quiénes somos',
                '/AboutUs',
                'Quiénes somos: una tienda de dermocosmética que asesora el cuidado de la piel y envía a toda Colombia.',
              ),
            }),
          },
          {
            path: 'contacts',
            lazy: () => import('./routes/contacts'),
            handle: page({
              ssr: true,
              meta: staticMeta(
                'Contacto',
                '/contacts',
                'Escríbenos, llámanos o visítanos: dirección, horario, teléfono, WhatsApp y formulario de contacto.',
              ),
            }),
          },
          {
            path: 'documentos/:slug',
            lazy: () => import('./routes/document'),
            handle: page({ ssr: true, meta: documentMeta }),
          },
          { path: 'login', lazy: () => import('./routes/login') },
          { path: 'register', lazy: () => import('./routes/register') },
          { path: 'forgot-password', lazy: () => import('./routes/forgot-password') },
          { path: 'logout', lazy: () => import('./routes/logout') },
          { path: 'favorites', lazy: () => import('./routes/favorites') },
          { path: 'cart', lazy: () => import('./routes/cart') },
          // Spec 001 §2: the skin assistant; a visitor's chat is keyed by a random code (spec 001 §1, both readings).
          {
            path: 'chatbot',
            lazy: () => import('./routes/chatbot'),
            // The server sends its frame; the chat (kept in this browser) appears once the app takes over.
            handle: page({ ssr: true, meta: assistantMeta }),
          },
          {
            // Spec 000 §2 and §6: a visitor opening these goes to /login, which brings them back afterwards.
            Component: RequireAuth,
            children: [
              { path: 'profile', lazy: () => import('./routes/profile') },
              { path: 'infoProfile', lazy: () => import('./routes/profile') },
              { path: 'direccProfile', lazy: () => import('./routes/addresses') },
              // Spec 001 §2: checkout, payment and orders belong to a logged-in shopper.
              { path: 'SendProducts', lazy: () => import('./routes/checkout') },
              { path: 'PayMethod/:id', lazy: () => import('./routes/pay-method') },
              { path: 'payment-success', lazy: () => import('./routes/payment-success') },
              { path: 'PaymentConfirmationPSE/:id', lazy: () => import('./routes/payment-confirmation') },
              { path: 'order', lazy: () => import('./routes/orders') },
              { path: 'OrderDetail/:id', lazy: () => import('./routes/order-detail') },
              { path: 'TracingStepper/:id', lazy: () => import('./routes/order-tracking') },
            ],
          },
          {
            // Issue 17: the back office, a part of the app of its own that shoppers never load.
            path: 'admin',
            lazy: () => import('./routes/admin/admin-area'),
            handle: page({ meta: adminMeta('Inicio') }),
            children: [
              {
                index: true,
                lazy: () => import('./routes/admin/summary'),
                handle: page({ meta: adminMeta('Resumen') }),
              },
              {
                path: 'productos',
                lazy: () => import('./routes/admin/products'),
                handle: page({ meta: adminMeta('Productos') }),
              },
              {
                path: 'productos/nuevo',
                lazy: () => import('./routes/admin/product-edit'),
                handle: page({ meta: adminMeta('Nuevo producto') }),
              },
              {
                path: 'productos/:id',
                lazy: () => import('./routes/admin/product-edit'),
                handle: page({ meta: adminMeta('Producto') }),
              },
              {
                path: 'inventario',
                lazy: () => import('./routes/admin/inventory'),
                handle: page({ meta: adminMeta('Inventario') }),
              },
              {
                path: 'ordenes',
                lazy: () => import('./routes/admin/orders'),
                handle: page({ meta: adminMeta('Órdenes') }),
              },
              {
                path: 'ordenes/:id',
                lazy: () => import('./routes/admin/order-detail'),
                handle: page({ meta: adminMeta('Orden') }),
              },
              {
                path: 'clientes-corporativos',
                lazy: () => import('./routes/admin/corporate-clients'),
                handle: page({ meta: adminMeta('Clientes corporativos') }),
              },
              {
                path: 'mensajes',
                lazy: () => import('./routes/admin/messages'),
                handle: page({ meta: adminMeta('Mensajes') }),
              },
              {
                path: 'retractos',
                lazy: () => import('./routes/admin/withdrawals'),
                handle: page({ meta: adminMeta('Retractos') }),
              },
              {
                path: 'catalogos',
                lazy: () => import('./routes/admin/catalogs'),
                handle: page({ meta: adminMeta('Catálogos') }),
              },
              {
                path: 'carrusel',
                lazy: () => import('./routes/admin/carousel'),
                handle: page({ meta: adminMeta('Carrusel') }),
              },
              {
                path: 'importar',
                lazy: () => import('./routes/admin/catalog-import'),
                handle: page({ meta: adminMeta('Importar / exportar') }),
              },
              { path: '*', lazy: () => import('./routes/not-found'), handle: page({ meta: notFoundMeta }) },
            ],
          },
          {
            path: '*',
            lazy: () => import('./routes/not-found'),
            handle: page({ ssr: true, status: 404, meta: notFoundMeta }),
          },
        ],
      },
    ],
  },
]

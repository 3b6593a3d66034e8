/**
 * The catalogue's pictures in the widths the shop's layouts draw them (issue 16, "Images"). The
 * server makes these variants from the stored picture (`GET /media/{clave}?w=320`) and refuses any
 * other width, so nobody can fill its cache or keep its CPU busy with arbitrary sizes; the web app
 * offers them in `srcset`.
 *
 * 160–640 serve the product pictures: 160 the thumbnails (cart, orders, gallery); for the product cards,
 * 158–184 px wide on 360–412-px phones, 320 and 400 at 2× (a 375-px phone's 166-px card needs 332
 * pixels: with 320 as the next width down, Chrome would take 480), 480 at 2.6–3×, 320 on a computer's
 * screen (222–292 px cards); 640 the stored picture itself (the product page's gallery). 960–1600 serve
 * the banners: 960 a phone at 2× (the carousel is as wide as the screen), 1280 a phone at 3× and a
 * 1280-px screen, 1600 the stored banner.
 */
export const MEDIA_WIDTHS = [160, 320, 400, 480, 640, 960, 1280, 1600] as const
export type MediaWidth = (typeof MEDIA_WIDTHS)[number]

/** The stored product pictures: square, 640 px (the seeded ones; layouts draw them in square boxes). */
export const PRODUCT_IMAGE_SIZE = 640
/** The stored carousel banners: 1600×600 (8:3). */
export const BANNER_IMAGE_SIZE = { width: 1600, height: 600 } as const

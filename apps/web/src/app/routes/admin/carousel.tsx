import { CarouselEditor } from '@/features/catalog/admin/components/carousel-editor'

/**
 * `/admin/carrusel` (issue 17): the slides of the home page's carousel, in their order. Each is a picture with the
 * copy written over it and a button into the shop; a hidden slide stays here without showing. The editor draws the
 * slide exactly as the home page will, with the same component.
 */
export function Component() {
  return <CarouselEditor />
}

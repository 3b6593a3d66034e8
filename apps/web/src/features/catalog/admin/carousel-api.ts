import type { AdminCarousel, CarouselSlideInput } from '@piel/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

/** The home page's carousel in the back office (issue 17): every change answers with the whole carousel. */
export const carouselAdminQueries = {
  all: ['admin', 'carousel'] as const,
  slides: () =>
    queryOptions({
      queryKey: carouselAdminQueries.all,
      queryFn: ({ signal }) => api.get<AdminCarousel>('/admin/carrusel', { signal }),
    }),
}

export type SlideFields = Required<CarouselSlideInput>

const formOf = (file: File, fields?: SlideFields) => {
  const form = new FormData()
  if (fields) {
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value))
  }
  form.append('file', file)
  return form
}

export const carouselAdminApi = {
  /** A new slide, last; its picture goes in the same form (the server cuts it to 1600×600 WebP). */
  create: (fields: SlideFields, file: File) =>
    api.post<AdminCarousel>('/admin/carrusel', { body: formOf(file, fields) }),
  update: (id: number, fields: SlideFields) => api.put<AdminCarousel>(`/admin/carrusel/${id}`, { body: fields }),
  replaceImage: (id: number, file: File) =>
    api.put<AdminCarousel>(`/admin/carrusel/${id}/imagen`, { body: formOf(file) }),
  reorder: (ids: number[]) => api.put<AdminCarousel>('/admin/carrusel/orden', { body: { ids } }),
  remove: (id: number) => api.delete<AdminCarousel>(`/admin/carrusel/${id}`),
}

import type { AnalysisChatReply, ChatbotReply, SkinAnalysisResult, SkinProfileState } from '@piel/contracts'
import { SKIN_MEASURES, UPLOAD_MESSAGES } from '@piel/contracts'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { renderRoutes } from '@/testing/render'
import { apiPath, server } from '@/testing/server'
import { AssistantChat, chatHeight } from './assistant-chat'

/** socket.io stand-in: records the rooms joined and lets a test announce a photo to them. */
const room = vi.hoisted(() => {
  const handlers = new Map<string, (payload: unknown) => void>()
  const joined: unknown[] = []
  return {
    joined,
    announce: (imageUrl: string) => handlers.get('new_image_uploaded')?.({ image_url: imageUrl }),
    io: () => ({
      on: (event: string, handler: (payload?: unknown) => void) => {
        handlers.set(event, handler)
        if (event === 'connect') queueMicrotask(() => handler())
      },
      emit: (_event: string, payload: unknown) => joined.push(payload),
      disconnect: () => handlers.clear(),
    }),
  }
})
vi.mock('socket.io-client', () => ({ io: room.io }))

const CODE = 'Ab3dEf7h'
const products: ChatbotReply['productos'] = [
  { id: 11, nombre: 'Sérum minimizador de poros', url: '/media/11.webp', razon: 'Para los poros: niacinamida' },
  { id: 12, nombre: 'Gel limpiador suave', url: '/media/12.webp', razon: 'Limpia sin resecar' },
  { id: 13, nombre: 'Protector solar fluido', url: '/media/13.webp', razon: 'FPS 50 para el día' },
]

function analysisResult(score: number): SkinAnalysisResult {
  const measure = { ui_score: score, raw_score: 50, confianza: 0.9, motivos: [] }
  return {
    edadPiel: 31,
    ...(Object.fromEntries(SKIN_MEASURES.map((m) => [m, measure])) as Record<
      (typeof SKIN_MEASURES)[number],
      typeof measure
    >),
    overall: { ui_score: score, raw_score: 50 },
    confianza: { valor: 0.9, nivel: 'alta', motivos: [] },
    regions: [],
    lesiones: [
      { x: 120, y: 200, radio: 4 },
      { x: 180.5, y: 210, radio: 3.2 },
      { x: 150, y: 260, radio: 5 },
    ],
    gradoAcne: { escala: 'Hayashi', grado: 'leve', lesiones: 2, nombre: 'Acné leve' },
  }
}

const analysisReply = (score: number): AnalysisChatReply => ({
  respuesta: '<p>Tu análisis de piel está listo. Tu puntaje general es 74 de 100.</p>',
  productos: products,
  alerta: false,
  tipo: 'primer_analisis',
  analisis: {
    fecha: '2026-11-24T15:00:00.000Z',
    puntajes: Object.fromEntries(SKIN_MEASURES.map((m) => [m, score])) as AnalysisChatReply['analisis']['puntajes'],
    general: score,
  },
  primerAnalisis: null,
  comparacion: [],
  proximoAnalisis: '2026-12-01T15:00:00.000Z',
})

let viewed: number[][] = []
const renderChat = () =>
  renderRoutes(
    [
      {
        path: '/chatbot',
        element: (
          <AssistantChat
            userKey={CODE}
            clima={{ estado: 'No especificado' }}
            uploadUrl={`http://localhost:3000/upload?code=${CODE}`}
            onViewDetails={(ids) => viewed.push(ids)}
          />
        ),
      },
    ],
    '/chatbot',
  )

const log = () => screen.getByRole('log')
const bubbles = () => [...log().querySelectorAll(':scope > ol > li')]

beforeEach(() => {
  viewed = []
  room.joined.length = 0
  Element.prototype.scrollTo = () => {}
  // A chat that already has its skin profile: the profile's offer (skin-profile.test.tsx) stays out of these tests.
  server.use(
    http.get(apiPath('/Chatbot/PerfilPiel'), () =>
      HttpResponse.json({
        perfil: {
          paraQuien: 'yo',
          tipoDePiel: 'Mixta',
          preocupaciones: ['Poros dilatados'],
          rangoEdad: '30_39',
          embarazo: 'no',
          medicamentos: [],
          sensibilidades: [],
        },
        actualizado: '2026-11-20T15:00:00.000Z',
      } satisfies SkinProfileState),
    ),
  )
})

describe('the assistant chat', () => {
  test('greets with the QR; blank text is not sent; a reply is shown as the server’s HTML, with its products', async () => {
    const sent: unknown[] = []
    server.use(
      http.post(apiPath('/Chatbot/MensajesChatbot'), async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({
          respuesta: '<p>Primero limpia, luego trata.</p><p><a href="/order">Mis órdenes</a></p>',
          productos: products,
          alerta: false,
        } satisfies ChatbotReply)
      }),
    )
    await renderChat()
    expect(bubbles()).toHaveLength(2)
    expect(within(log()).getByText(/Soy tu asistente de piel/)).toBeVisible()
    expect(screen.getByRole('img', { name: /Código QR para enviar la foto/ })).toBeVisible()
    await waitFor(() => expect(room.joined).toEqual([{ code: CODE }]))

    const input = screen.getByLabelText('Escribe tu mensaje')
    await userEvent.type(input, '   {Enter}')
    expect(bubbles()).toHaveLength(2)
    expect(sent).toEqual([])

    await userEvent.type(input, '¿En qué orden me aplico los productos?{Enter}')
    const reply = await within(log()).findByText('Primero limpia, luego trata.')
    expect(reply.tagName).toBe('P')
    expect(within(log()).getByRole('link', { name: 'Mis órdenes' }).getAttribute('href')).toBe('/order')
    expect(sent).toEqual([
      { userId: CODE, mensaje: '¿En qué orden me aplico los productos?', clima: { estado: 'No especificado' } },
    ])
    expect((input as HTMLTextAreaElement).value).toBe('')

    // Ver productos → the modal; a choice is required; two products → their ids.
    await userEvent.click(screen.getByRole('button', { name: 'Ver productos' }))
    const modal = await screen.findByRole('dialog', { name: 'Productos recomendados' })
    await userEvent.click(within(modal).getByRole('button', { name: 'Ver detalles' }))
    expect(within(modal).getByRole('alert').textContent).toBe(
      'Debes seleccionar al menos un producto antes de continuar.',
    )
    expect(viewed).toEqual([])
    await userEvent.click(within(modal).getByRole('checkbox', { name: /Protector solar fluido/ }))
    await userEvent.click(within(modal).getByRole('checkbox', { name: /Sérum minimizador/ }))
    await userEvent.click(within(modal).getByRole('button', { name: 'Ver detalles' }))
    expect(viewed).toEqual([[11, 13]])
  })

  test('an answer that sends the shopper to a doctor takes away the products of the earlier answer', async () => {
    let warning = false
    server.use(
      http.post(apiPath('/Chatbot/MensajesChatbot'), () =>
        HttpResponse.json(
          (warning
            ? {
                respuesta: '<p>La piel de un bebé… Debe verla su pediatra.</p>',
                productos: [],
                alerta: true,
              }
            : { respuesta: '<p>Para los granitos…</p>', productos: products, alerta: false }) satisfies ChatbotReply,
        ),
      ),
    )
    await renderChat()
    const input = screen.getByLabelText('Escribe tu mensaje')
    await userEvent.type(input, 'tengo granitos{Enter}')
    await within(log()).findByText('Para los granitos…')
    expect(screen.getByRole('button', { name: 'Ver productos' })).toBeEnabled()
    warning = true
    await userEvent.type(input, 'y mi bebé tiene la piel seca{Enter}')
    await within(log()).findByText(/Debe verla su pediatra/)
    expect(screen.queryByRole('button', { name: 'Ver productos' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Agregar rutina al carrito' })).toBeNull()
  })

  test('too many messages (429) → the server’s Spanish message in the chat, and the text back in the box', async () => {
    const wait = 'Enviaste muchos mensajes seguidos. Espera un minuto y vuelve a escribir.'
    server.use(
      http.post(apiPath('/Chatbot/MensajesChatbot'), () =>
        HttpResponse.json(
          { codigo: 'demasiados_mensajes', mensaje: wait },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    )
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await renderChat()
    const input = screen.getByLabelText('Escribe tu mensaje') as HTMLTextAreaElement
    await userEvent.type(input, '¿Sirve la niacinamida para los poros?{Enter}')
    expect(await within(log()).findByText(wait)).toBeVisible()
    expect(within(log()).getByText('¿Sirve la niacinamida para los poros?')).toBeVisible()
    await waitFor(() => expect(input.value).toBe('¿Sirve la niacinamida para los poros?'))
    warn.mockRestore()
  })

  test('a photo from the phone is analysed and answered with its chart; the history survives a reload', async () => {
    const analysed: FormData[] = []
    const replies: unknown[] = []
    server.use(
      http.get('*/fotos/:id', () => HttpResponse.arrayBuffer(new Uint8Array([0xff, 0xd8, 0xff]).buffer)),
      http.post('*/analyze-skin', async ({ request }) => {
        analysed.push(await request.formData())
        return HttpResponse.json(analysisResult(74))
      }),
      http.post(apiPath('/Chatbot/ImageChatbot'), async ({ request }) => {
        replies.push(await request.json())
        return HttpResponse.json(analysisReply(74))
      }),
    )
    const view = await renderChat()
    await waitFor(() => expect(room.joined).toHaveLength(1))
    act(() => room.announce(`http://localhost:3000/fotos/abcdefghijklmnopqrstuv?code=${CODE}`))

    const card = await screen.findByTestId('analysis-card')
    expect(within(card).getByText(/Puntaje general/)).toBeVisible()
    expect(within(card).getByRole('listitem', { name: /^Rojez/ })).toHaveAttribute(
      'aria-label',
      'Rojez: 74 de 100, leve',
    )
    expect(analysed[0]?.get('uniqueCode')).toBe(CODE)
    expect(replies).toEqual([{ userId: CODE, clima: { estado: 'No especificado' } }])
    expect(within(log()).getByRole('img', { name: 'Tu foto enviada desde el teléfono' }).getAttribute('src')).toBe(
      `/fotos/abcdefghijklmnopqrstuv?code=${CODE}`,
    )
    expect(JSON.parse(localStorage.getItem(`firstSkinAnalysis_${CODE}`) ?? 'null')).toMatchObject({
      puntajes: { redness: 74 },
    })

    // The same photo announced again (the server's 10 s replay) is not analysed twice.
    act(() => room.announce(`http://localhost:3000/fotos/abcdefghijklmnopqrstuv?code=${CODE}`))
    expect(analysed).toHaveLength(1)

    view.unmount()
    await renderChat()
    expect(await screen.findByTestId('analysis-card')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Ver productos' })).toBeEnabled()

    // Nueva conversación: greeting and QR again, no products, nothing stored of the old one.
    await userEvent.click(screen.getByRole('button', { name: 'Nueva conversación' }))
    expect(bubbles()).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Ver productos' })).toBeNull()
    expect(screen.queryByTestId('analysis-card')).toBeNull()
    expect(localStorage.getItem('mostrarProductos')).toBe('false')
    expect(JSON.parse(localStorage.getItem('chatHistorial') ?? '{}').messages).toHaveLength(2)

    // Within 7 days of the last analysis the chat says how long to wait, without calling the engine.
    act(() => room.announce(`http://localhost:3000/fotos/zzzzzzzzzzzzzzzzzzzzzz?code=${CODE}`))
    expect(await within(log()).findByText(/podrás enviar una foto nueva en 7 días/)).toBeVisible()
    expect(analysed).toHaveLength(1)
  })

  test('an analysed photo: each lesion ringed on it, the acne grade beside acne, the skin age; after a reload too', async () => {
    vi.stubGlobal('createImageBitmap', async () => ({ width: 400, height: 500, close: () => {} }))
    server.use(
      http.get('*/fotos/:id', () => HttpResponse.arrayBuffer(new Uint8Array([0xff, 0xd8, 0xff]).buffer)),
      http.post('*/analyze-skin', () => HttpResponse.json(analysisResult(74))),
      http.post(apiPath('/Chatbot/ImageChatbot'), () => HttpResponse.json(analysisReply(74))),
    )
    try {
      const view = await renderChat()
      await waitFor(() => expect(room.joined).toHaveLength(1))
      act(() => room.announce(`/fotos/lesioneslesioneslesion?code=${CODE}`))

      const expectDrawn = async () => {
        const card = await screen.findByTestId('analysis-card')
        const photo = within(card)
          .getByRole('img', { name: 'Tu foto con las zonas a cuidar marcadas' })
          .closest('figure') as HTMLElement
        const rings = [...photo.querySelectorAll('[data-lesion]')]
        expect(rings).toHaveLength(3)
        const centre = rings[1]?.querySelector('circle')
        expect([centre?.getAttribute('cx'), centre?.getAttribute('cy')]).toEqual(['180.5', '210'])
        // A few photo pixels would be a dot at 320 px high: each ring is at least 1/70 of the photo's longer side.
        expect(Number(centre?.getAttribute('r'))).toBeCloseTo(500 / 70)
        expect(within(photo).getByText('3 lesiones inflamatorias señaladas')).toBeVisible()
        const acne = within(card).getByRole('listitem', { name: /^Imperfecciones/ })
        expect(acne.getAttribute('aria-label')).toBe(
          'Imperfecciones: 74 de 100, leve. Acné leve (escala de Hayashi): 2 lesiones inflamatorias en la mitad más afectada del rostro',
        )
        expect(within(acne).getByTestId('acne-grade').textContent).toBe(
          'Acné leve (escala de Hayashi): 2 lesiones inflamatorias en la mitad más afectada del rostro',
        )
        const age = within(card).getByTestId('skin-age')
        expect(age.textContent).toContain('Edad aparente de la piel: 31 años')
        expect(age.textContent).toContain('no un diagnóstico')
      }
      await expectDrawn()
      view.unmount()
      await renderChat()
      await expectDrawn()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  test('a chat kept before lesions and skin age existed shows its analysis without them', async () => {
    const puntajes = { ...Object.fromEntries(SKIN_MEASURES.map((m) => [m, 90])), acne: 60 }
    localStorage.setItem(
      'chatHistorial',
      JSON.stringify({
        messages: [
          {
            id: 'viejo',
            text: 'Tu análisis de piel está listo.',
            sender: 'bot',
            analysis: {
              analisis: { fecha: '2026-11-01T15:00:00.000Z', puntajes, general: 60 },
              primerAnalisis: null,
              comparacion: [],
              photo: {
                url: '/fotos/viejaviejaviejaviejavi?code=Ab3dEf7h',
                width: 400,
                height: 500,
                regions: [
                  {
                    name: 'frente',
                    polygon: [
                      [10, 10],
                      [90, 10],
                      [50, 60],
                    ],
                    values: { acne: 30 },
                  },
                ],
              },
            },
          },
        ],
      }),
    )
    await renderChat()
    const card = await screen.findByTestId('analysis-card')
    expect(within(card).getByText('Imperfecciones: frente')).toBeVisible()
    expect(card.querySelector('polygon')).toBeTruthy()
    expect(card.querySelector('[data-lesion]')).toBeNull()
    expect(within(card).queryByText(/lesi(ón|ones) inflamatoria/)).toBeNull()
    expect(within(card).queryByTestId('acne-grade')).toBeNull()
    expect(within(card).queryByTestId('skin-age')).toBeNull()
    expect(
      within(card)
        .getByRole('listitem', { name: /^Imperfecciones/ })
        .getAttribute('aria-label'),
    ).toBe('Imperfecciones: 60 de 100, moderada')
  })

  test('three photos the engine refuses → the tips, then the offer to describe the skin in words', async () => {
    server.use(
      http.get('*/fotos/:id', () => HttpResponse.arrayBuffer(new Uint8Array([1, 2, 3]).buffer)),
      http.post('*/analyze-skin', () =>
        HttpResponse.json({ codigo: 'too-dark', mensaje: 'La imagen está muy oscura.' }, { status: 422 }),
      ),
    )
    await renderChat()
    await waitFor(() => expect(room.joined).toHaveLength(1))
    for (const id of ['aaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbb']) {
      act(() => room.announce(`/fotos/${id}?code=${CODE}`))
      await waitFor(() => expect(screen.queryByTestId('typing')).toBeNull())
    }
    expect(within(log()).getAllByText(/La imagen está muy oscura\./)).toHaveLength(2)
    expect(within(log()).queryByText(/descríbeme tu piel/)).toBeNull()
    act(() => room.announce(`/fotos/cccccccccccccccccccccc?code=${CODE}`))
    expect(await within(log()).findByText(/descríbeme tu piel/)).toBeVisible()
  })

  test('a photo address that is not one of the shop’s photos is ignored', async () => {
    await renderChat()
    await waitFor(() => expect(room.joined).toHaveLength(1))
    act(() => room.announce('https://otro.example/malo.jpg?x=<script>'))
    expect(bubbles()).toHaveLength(2)
  })

  test('an analysis still running after 20 s says so, and the answer still arrives', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    let finish = () => {}
    server.use(
      http.get('*/fotos/:id', () => HttpResponse.arrayBuffer(new Uint8Array([0xff, 0xd8, 0xff]).buffer)),
      http.post('*/analyze-skin', async () => {
        await new Promise<void>((resolve) => {
          finish = resolve
        })
        return HttpResponse.json(analysisResult(80))
      }),
      http.post(apiPath('/Chatbot/ImageChatbot'), () => HttpResponse.json(analysisReply(80))),
    )
    try {
      await renderChat()
      await waitFor(() => expect(room.joined).toHaveLength(1))
      act(() => room.announce(`/fotos/lentolentolentolentole?code=${CODE}`))
      await screen.findByTestId('typing')
      expect(within(log()).queryByText(/Sigo analizando tu foto/)).toBeNull()
      await act(async () => {
        vi.advanceTimersByTime(20_000)
      })
      expect(within(log()).getByText(/Sigo analizando tu foto/)).toBeVisible()
      finish()
      expect(await screen.findByTestId('analysis-card')).toBeVisible()
      expect(screen.queryByTestId('typing')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  describe('when the analysis queue is full (503 servidor_ocupado)', () => {
    const busy = () =>
      HttpResponse.json(
        { codigo: 'servidor_ocupado', mensaje: UPLOAD_MESSAGES.analysisBusy },
        { status: 503, headers: { 'Retry-After': '1' } },
      )
    /** `/analyze-skin` answers busy `busyAnswers` times, then the analysis; counts the calls and the downloads. */
    const queue = (busyAnswers: number) => {
      const calls = { analyses: 0, downloads: 0 }
      server.use(
        http.get('*/fotos/:id', () => {
          calls.downloads++
          return HttpResponse.arrayBuffer(new Uint8Array([0xff, 0xd8, 0xff]).buffer)
        }),
        http.post('*/analyze-skin', () =>
          ++calls.analyses <= busyAnswers ? busy() : HttpResponse.json(analysisResult(74)),
        ),
        http.post(apiPath('/Chatbot/ImageChatbot'), () => HttpResponse.json(analysisReply(74))),
      )
      return calls
    }
    // Only the timers: the waits between retries pass at once, the rest (msw, React) runs as usual.
    const waitSeconds = (seconds: number) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(seconds * 1000)
      })

    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
      return () => vi.useRealTimers()
    })

    test('the chat says so once, retries by itself and then shows the analysis', async () => {
      const calls = queue(2)
      await renderChat()
      await waitFor(() => expect(room.joined).toHaveLength(1))
      act(() => room.announce(`/fotos/ocupadoocupadoocupadoo?code=${CODE}`))

      expect(await within(log()).findByText(UPLOAD_MESSAGES.analysisBusy)).toBeVisible()
      expect(screen.getByTestId('typing')).toBeVisible()
      // Two busy answers, then the analysis: each wait is the server's Retry-After (1 s), not the 5 s default.
      await waitSeconds(1)
      await waitFor(() => expect(calls.analyses).toBe(2))
      await waitSeconds(1)
      expect(await screen.findByTestId('analysis-card')).toBeVisible()
      expect(calls).toEqual({ analyses: 3, downloads: 1 })
      expect(within(log()).getAllByText(UPLOAD_MESSAGES.analysisBusy)).toHaveLength(1)
      expect(screen.queryByTestId('typing')).toBeNull()
    })

    test('after about two minutes of a full queue the chat gives up with its image error', async () => {
      const calls = queue(Number.POSITIVE_INFINITY)
      await renderChat()
      await waitFor(() => expect(room.joined).toHaveLength(1))
      act(() => room.announce(`/fotos/llenollenollenollenollen?code=${CODE}`))
      await within(log()).findByText(UPLOAD_MESSAGES.analysisBusy)
      for (let second = 0; second < 130 && screen.queryByTestId('typing'); second += 5) await waitSeconds(5)

      expect(await within(log()).findByText('Hubo un error al procesar la imagen. Intenta nuevamente.')).toBeVisible()
      expect(within(log()).getAllByText(UPLOAD_MESSAGES.analysisBusy)).toHaveLength(1)
      expect(screen.queryByTestId('typing')).toBeNull()
      const tried = calls.analyses
      expect(tried).toBeGreaterThan(1)
      await waitSeconds(60)
      expect(calls.analyses).toBe(tried)
    })

    test('closing the chat while it waits stops the retries', async () => {
      const calls = queue(Number.POSITIVE_INFINITY)
      const view = await renderChat()
      await waitFor(() => expect(room.joined).toHaveLength(1))
      act(() => room.announce(`/fotos/cerradocerradocerradoce?code=${CODE}`))
      await within(log()).findByText(UPLOAD_MESSAGES.analysisBusy)
      expect(calls.analyses).toBe(1)

      view.unmount()
      await waitSeconds(60)
      expect(calls.analyses).toBe(1)
    })
  })

  test('an analysis that failed on the server (503 analisis_fallido) → its message, and no retry', async () => {
    let analyses = 0
    server.use(
      http.get('*/fotos/:id', () => HttpResponse.arrayBuffer(new Uint8Array([0xff, 0xd8, 0xff]).buffer)),
      http.post('*/analyze-skin', () => {
        analyses++
        return HttpResponse.json(
          { codigo: 'analisis_fallido', mensaje: UPLOAD_MESSAGES.analysisFailed },
          { status: 503, headers: { 'Retry-After': '1' } },
        )
      }),
    )
    await renderChat()
    await waitFor(() => expect(room.joined).toHaveLength(1))
    act(() => room.announce(`/fotos/falladofalladofalladofa?code=${CODE}`))
    expect(await within(log()).findByText(UPLOAD_MESSAGES.analysisFailed)).toBeVisible()
    await waitFor(() => expect(screen.queryByTestId('typing')).toBeNull())
    expect(within(log()).queryByText(UPLOAD_MESSAGES.analysisBusy)).toBeNull()
    expect(within(log()).queryByText(/Consejo para la próxima foto/)).toBeNull()
    expect(analyses).toBe(1)
  })

  test('a photo this browser uploaded in another tab in the last 10 s is picked up; an older one is not', async () => {
    const analysed: string[] = []
    server.use(
      http.get('*/fotos/:id', ({ params }) => {
        analysed.push(String(params.id))
        return HttpResponse.json({ codigo: 'no-face', mensaje: 'La imagen no contiene un rostro.' }, { status: 404 })
      }),
    )
    const upload = (id: string, age: number) =>
      JSON.stringify({ code: CODE, url: `http://localhost:3000/fotos/${id}?code=${CODE}`, time: Date.now() - age })
    localStorage.setItem('lastImageUpload', upload('viejaviejaviejaviejavi', 15_000))
    await renderChat()
    expect(bubbles()).toHaveLength(2)
    localStorage.setItem('lastImageUpload', upload('recienterecienterecien', 2_000))
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: 'lastImageUpload' })))
    expect(await within(log()).findByText('Hubo un error al procesar la imagen. Intenta nuevamente.')).toBeVisible()
    expect(analysed).toEqual(['recienterecienterecien'])
  })
})

test('the chat area is 70vh under 5 messages, 50vh under 15, else 35vh (spec 001 §2)', () => {
  expect([1, 4, 5, 14, 15, 40].map(chatHeight)).toEqual(['70vh', '70vh', '50vh', '50vh', '35vh', '35vh'])
})

import { describe, expect, it } from 'vitest'
import { answerMessage, normalise } from './messages'

const ask = (text: string) => answerMessage(text, 'abc12345')

describe('answers to free-text messages', () => {
  it('reads messages the way shoppers write them: capitals, accents, punctuation', () => {
    expect(normalise('¿Qué PROTECTOR solar uso, después del sérum?')).toBe(
      ' que protector solar uso despues del serum ',
    )
    expect(ask('¿Cómo REAPLICO el bloqueador?').tema).toBe('protector solar')
  })

  it('answers the common skin-care questions, naming the measures they concern', () => {
    const cases: [string, string, string[]][] = [
      ['¿En qué orden me aplico los productos?', 'rutina', []],
      ['Tengo muchos granitos en la frente', 'acne', ['acne', 'pore']],
      ['Mi piel es muy sensible y se enrojece', 'piel sensible', ['redness']],
      ['¿Qué sirve para las ojeras?', 'ojeras', ['eye_bag']],
      ['Quiero algo antiedad para las arrugas', 'antiedad', ['wrinkle', 'firmness']],
      ['Estoy embarazada, ¿qué puedo usar?', 'embarazo', []],
      ['Tengo la piel seca y áspera', 'piel seca y textura', ['texture']],
      ['¿Cómo se usa el sérum de vitamina C?', 'uso de un producto', []],
      ['Me salió una mancha con el sol', 'manchas', []],
    ]
    for (const [message, topic, measures] of cases) {
      const reply = ask(message)
      expect(reply.tema, message).toBe(topic)
      expect(reply.enfoque, message).toEqual(measures)
      expect(reply.alerta, message).toBe(false)
    }
    expect(ask('Estoy embarazada, ¿puedo usar retinol?').texto).toContain('evitar los retinoides')
    expect(ask('¿Cada cuánto reaplico el protector?').texto).toContain('cada 2 a 3 horas')
  })

  it('sends warning signs to a dermatologist, and a face or throat swelling to emergency care, before any product', () => {
    for (const message of [
      'Tengo un lunar que cambió de color y sangra',
      'Me salió un nódulo que duele mucho',
      'Una herida que no cicatriza en la mejilla',
      'Me dio un sarpullido de repente',
    ]) {
      const reply = ask(message)
      expect(reply.alerta, message).toBe(true)
      expect(reply.texto, message).toContain('dermatólogo')
      expect(reply.enfoque).toEqual([])
    }
    const urgent = ask('Me puse una crema y se me hinchó la cara, me cuesta respirar')
    expect(urgent).toMatchObject({ tema: 'urgencia', alerta: true })
    expect(urgent.texto).toContain('urgencias')
  })

  it('answers shop questions with the shop’s own pages', () => {
    const shipping = ask('¿Cuánto tarda en llegar mi pedido?')
    expect(shipping.tema).toBe('envios')
    expect(shipping.enlaces).toContainEqual({ texto: 'Mis órdenes', ruta: '/order' })
    const payment = ask('¿Puedo pagar con Nequi o PSE?')
    expect(payment.tema).toBe('pagos')
    expect(payment.texto).toContain('Nequi')
    expect(ask('¿Dónde está mi orden?').tema).toBe('envios')
  })

  it('greets, and says what it can do when it does not understand', () => {
    expect(ask('Hola').tema).toBe('saludo')
    const unknown = ask('xyz')
    expect(unknown.tema).toBe('desconocido')
    expect(unknown.texto).toContain('enviarme una foto')
  })
})

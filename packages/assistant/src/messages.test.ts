import { describe, expect, it } from 'vitest'
import { ageInMonths, answerMessage, normalise } from './messages'

const SHOP = { departamentos: ['Nariño', 'Cauca', 'Putumayo'], envio: 5000 }
const ask = (text: string) => answerMessage(text, 'abc12345', SHOP)

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
    expect(ask('Estoy embarazada, ¿puedo usar retinol?').texto).toContain('se evitan los retinoides')
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

  it('tells the truth about the shop from its configuration: where it delivers and what shipping costs', () => {
    const shipping = ask('¿Hacen envíos a Medellín?')
    expect(shipping.texto).toContain('Nariño, Cauca y Putumayo')
    expect(shipping.texto).toContain('$ 5.000')
    expect(normalise(shipping.texto)).not.toContain('toda colombia')
    const elsewhere = answerMessage('¿envían a Bogotá?', 'x', { departamentos: ['Cundinamarca'], envio: 12000 })
    expect(elsewhere.texto).toContain('Cundinamarca')
    expect(elsewhere.texto).toContain('$ 12.000')
    expect(shipping.productos).toBe(false)
  })

  it('says how long delivery takes only when the store states it, and "todo el país" only when it delivers everywhere', () => {
    const unknown = ask('¿Cuánto tarda en llegar mi pedido?')
    expect(unknown.tema).toBe('envios')
    expect(unknown.texto).toContain('No puedo prometerte un tiempo de entrega fijo')
    expect(unknown.texto).not.toMatch(/días hábiles/)
    const stated = answerMessage('¿cuanto se demora el envio?', 'x', { ...SHOP, diasEntrega: { min: 2, max: 5 } })
    expect(stated.texto).toContain('El pedido llega en 2 a 5 días hábiles después de confirmado el pago.')
    const oneDay = answerMessage('¿cuanto tarda el envio?', 'x', { ...SHOP, diasEntrega: { min: 1, max: 1 } })
    expect(oneDay.texto).toContain('llega en 1 día hábil')
    const everywhere = answerMessage('¿envían a Leticia?', 'x', {
      ...SHOP,
      departamentos: ['Amazonas'],
      todoElPais: true,
    })
    expect(everywhere.texto).toContain('Enviamos a todo el país.')
  })

  it('tells shipping costs that vary by city, the free-shipping purchase, and when the shop delivers nowhere', () => {
    const zones = answerMessage('¿cuanto cuesta el envio?', 'x', {
      ...SHOP,
      envio: 4000,
      envioHasta: 12000,
      gratisDesde: 150000,
    })
    expect(zones.texto).toContain(
      'El envío cuesta de $ 4.000 a $ 12.000 por pedido, según la ciudad, y se suma al total',
    )
    expect(zones.texto).toContain('Es gratis en compras desde $ 150.000.')
    const flat = answerMessage('¿cuanto cuesta el envio?', 'x', { ...SHOP, envioHasta: 5000 })
    expect(flat.texto).toContain('El envío cuesta $ 5.000 por pedido y se suma al total')
    expect(flat.texto).not.toContain('gratis')
    const nowhere = answerMessage('¿hacen envios?', 'x', { departamentos: [], envio: 0 })
    expect(nowhere.texto).toContain('Por ahora no estamos haciendo envíos')
    expect(nowhere.texto).not.toContain('$ 0')
  })

  it('a baby or a young child gets no adult advice, the paediatrician is named, and only what suits their age', () => {
    const cases: [string, number, boolean][] = [
      ['mi bebé de 8 meses tiene la piel seca', 8, true],
      ['Qué protector le pongo a mi hija de 3 años?', 36, true],
      ['mi niño de 6 años tiene granitos en la cara', 72, false],
      ['dermatitis del pañal, qué le aplico', 0, true],
      ['mi bebé tiene costra láctea', 0, false],
    ]
    for (const [message, months, products] of cases) {
      const reply = ask(message)
      expect(reply.temas, message).toContain('bebes y ninos')
      expect(reply.edadMeses, message).toBe(months)
      expect(reply.productos, message).toBe(products)
      // With nothing to offer, the answer is the paediatrician's and earlier products go away.
      expect(reply.alerta, message).toBe(!products)
      expect(reply.sinPerfume, message).toBe(true)
      expect(reply.evitar, message).toEqual(expect.arrayContaining(['Retinol', 'Ácido salicílico', 'Ácido glicólico']))
      expect(reply.texto, message).toContain('pediatra')
      expect(reply.texto, message).not.toContain('exfoliante suave de ácido')
    }
    // A teenager's acne takes the usual care, for their age.
    const teen = ask('mi hija de 15 años tiene acné')
    expect(teen.temas).toEqual(['acne'])
    expect(teen.productos).toBe(true)
    expect(teen.edadMeses).toBe(180)
    // Ages as people write them.
    expect(ageInMonths(' tiene 3 semanas de nacido ')).toBe(0)
    expect(ageInMonths(' de un ano ')).toBe(12)
    expect(ageInMonths(' mi bebe ')).toBeUndefined()
  })

  it('a sunburn on a baby under a year, fever, oozing or a spreading rash are warnings', () => {
    expect(ask('mi bebé de 8 meses se quemó con el sol en la playa')).toMatchObject({ alerta: true, productos: false })
    expect(ask('mi niña de 7 años se quemó con el sol en la playa')).toMatchObject({ alerta: false, productos: true })
    for (const message of [
      'mi hijo tiene un brote con fiebre',
      'la dermatitis le está supurando',
      'tengo unas ronchas que se me están extendiendo por los brazos',
    ]) {
      expect(ask(message), message).toMatchObject({ alerta: true, derivacion: true, productos: false })
    }
    expect(ask('mi bebé tiene la piel reseca pero no tiene fiebre').alerta).toBe(false)
  })

  it('pregnancy and isotretinoin answer the concern safely and rule out the actives they forbid', () => {
    const melasma = ask('tengo paño y estoy embarazada, ¿puedo usar hidroquinona?')
    expect(melasma.temas).toEqual(['embarazo', 'manchas'])
    expect(melasma.texto).toContain('La hidroquinona no se usa en el embarazo')
    expect(melasma.evitar).toEqual(expect.arrayContaining(['Retinol', 'Hidroquinona', 'Ácido salicílico']))
    expect(melasma.preocupaciones).toContain('Manchas')
    const acne = ask('Tengo granitos y estoy lactando')
    expect(acne.texto).not.toContain('ayudan el ácido salicílico')
    expect(acne.evitar).toContain('Retinol')
    const isotretinoin = ask('Estoy tomando isotretinoína y tengo la piel y los labios muy secos')
    expect(isotretinoin.temas[0]).toBe('isotretinoina')
    expect(isotretinoin.temas).not.toContain('piel seca y textura')
    expect(isotretinoin.evitar).toEqual(expect.arrayContaining(['Retinol', 'Ácido salicílico', 'Peróxido de benzoilo']))
    expect(isotretinoin.productos).toBe(true)
    expect(isotretinoin.texto).toContain('dermatólogo')
  })

  it('answers the conditions people ask a pharmacy counter about, sending the medical ones to a doctor', () => {
    expect(ask('Tengo dermatitis atópica, qué crema me sirve?')).toMatchObject({
      tema: 'dermatitis atopica',
      productos: true,
      preocupaciones: ['Piel atópica'],
    })
    const rosacea = ask('me diagnosticaron rosácea, puedo usar vitamina c?')
    expect(rosacea.texto).toContain('vitamina C pura también puede irritarla')
    expect(rosacea.evitar).toContain('Vitamina C')
    expect(ask('me salió un fuego en el labio').alerta).toBe(true)
    expect(ask('me puse una crema nueva y me salieron ronchas').alerta).toBe(true)
    expect(ask('me quemé en la playa y me salieron ampollas')).toMatchObject({ alerta: true, productos: false })
    expect(ask('me quemé un poco con el sol ayer')).toMatchObject({ tema: 'quemadura solar', alerta: false })
    expect(ask('se me cae mucho el cabello')).toMatchObject({ tema: 'cabello y unas', productos: false })
    expect(ask('tengo dermatitis perioral')).toMatchObject({ productos: false })
  })

  it('reads typos and several questions at once', () => {
    expect(ask('q protetor solar me recomiendas').tema).toBe('protector solar')
    expect(ask('estoy embarasada').tema).toBe('embarazo')
    const both = ask('Tengo ojeras y además la piel muy grasa, ¿qué uso?')
    expect(both.temas).toEqual(['ojeras', 'poros y grasa'])
    expect(both.tipoDePiel).toBe('Grasa')
    expect(ask('sunscreen para piel grasa en Cali? protector').fpsMinimo).toBe(50)
  })

  it('greets, and says what it can do when it does not understand', () => {
    expect(ask('Hola').tema).toBe('saludo')
    const unknown = ask('xyz')
    expect(unknown.tema).toBe('desconocido')
    expect(unknown.texto).toContain('enviarme una foto')
  })
})

import { SKIN_MEASURES, type SkinMeasure, type SkinProfile } from '@piel/contracts'
import { describe, expect, it } from 'vitest'
import { PREGNANCY_AVOID } from './actives'
import { composeAnalysisReply, type Readings } from './analysis-reply'
import { composeComparisonReply } from './comparison'
import { answerMessage } from './messages'
import { productsChosenFor, profileForRoutine, profileRules } from './profile'
import { type CatalogueProduct, recommendRoutine } from './recommend'
import { hasPerfume, minimumAgeMonths, pregnancySafety, unsuitability } from './suitability'

const SHOP = { departamentos: ['Nariño', 'Cauca', 'Putumayo'], envio: 5000 }
const profile = (answers: Partial<SkinProfile>): SkinProfile => ({
  paraQuien: null,
  tipoDePiel: null,
  preocupaciones: [],
  rangoEdad: null,
  embarazo: null,
  medicamentos: [],
  sensibilidades: [],
  ...answers,
})
const ask = (text: string, perfil?: SkinProfile) => answerMessage(text, 'abc12345', SHOP, perfil)

let nextId = 1
const product = (p: Partial<CatalogueProduct> & Pick<CatalogueProduct, 'tipo'>): CatalogueProduct => ({
  id: nextId++,
  nombre: `Producto ${nextId}`,
  marca: 'Marca',
  preocupaciones: [],
  activos: [],
  tiposDePiel: ['Todo tipo de piel'],
  existencia: 10,
  vendidos: 100,
  edadMinimaMeses: 144,
  aptoEmbarazo: 'si',
  perfume: false,
  ...p,
})

// A small shop: what a pregnant shopper, a baby, a sensitive skin and isotretinoin each rule out.
const babyCleanser = product({ tipo: ['Limpiador'], preocupaciones: ['Sensibilidad'], edadMinimaMeses: 0 })
const perfumedCleanser = product({ tipo: ['Limpiador'], preocupaciones: ['Acné'], perfume: true, vendidos: 900 })
const salicylicSerum = product({
  tipo: ['Sérum'],
  preocupaciones: ['Acné', 'Manchas'],
  activos: ['Ácido salicílico', 'Niacinamida'],
  aptoEmbarazo: 'no',
})
const retinolSerum = product({
  tipo: ['Sérum'],
  preocupaciones: ['Arrugas'],
  activos: ['Retinol'],
  edadMinimaMeses: 216,
  aptoEmbarazo: 'no',
})
const thiamidolSerum = product({
  tipo: ['Sérum'],
  preocupaciones: ['Manchas'],
  activos: ['Thiamidol'],
  aptoEmbarazo: 'no',
  vendidos: 800,
})
const niacinamideSerum = product({ tipo: ['Sérum'], preocupaciones: ['Manchas', 'Acné'], activos: ['Niacinamida'] })
const consultSerum = product({
  tipo: ['Sérum'],
  preocupaciones: ['Manchas'],
  activos: ['Niacinamida'],
  aptoEmbarazo: 'consultar',
  vendidos: 5000,
})
const babyBalm = product({
  tipo: ['Emoliente'],
  preocupaciones: ['Piel atópica', 'Deshidratación'],
  activos: ['Niacinamida'],
  edadMinimaMeses: 0,
})
const perfumedCream = product({
  tipo: ['Crema hidratante'],
  preocupaciones: ['Deshidratación'],
  activos: ['Ácido hialurónico'],
  perfume: true,
  vendidos: 3000,
})
const adultSunscreen = product({
  tipo: ['Protector solar'],
  preocupaciones: ['Protección solar'],
  activos: ['Filtros UV'],
  fps: 50,
  edadMinimaMeses: 36,
  vendidos: 2000,
})
const babySunscreen = product({
  tipo: ['Protector solar'],
  preocupaciones: ['Protección solar'],
  activos: ['Filtros minerales'],
  fps: 50,
  edadMinimaMeses: 6,
})
const unlabelledCream = product({
  tipo: ['Crema hidratante'],
  preocupaciones: ['Deshidratación'],
  edadMinimaMeses: undefined,
  perfume: undefined,
  vendidos: 9000,
})
const shop = [
  babyCleanser,
  perfumedCleanser,
  salicylicSerum,
  retinolSerum,
  thiamidolSerum,
  niacinamideSerum,
  consultSerum,
  babyBalm,
  perfumedCream,
  adultSunscreen,
  babySunscreen,
  unlabelledCream,
]
const offered = (r: ReturnType<typeof recommendRoutine>) => r.productos.map((p) => p.id)

describe('reading the catalogue’s attributes', () => {
  it.each([
    ['Desde el nacimiento', 0],
    ['Desde los 3 meses', 3],
    ['Desde los 12 meses', 12],
    ['Desde los 3 años', 36],
    ['desde los 2 anos', 24],
    ['Adultos', 216],
    ['0+ meses', 0],
    ['apto', undefined],
  ])('Edad mínima «%s» → %s months', (value, months) => {
    expect(minimumAgeMonths(value)).toBe(months)
  })

  it.each([
    ['Sí', 'si'],
    ['si', 'si'],
    ['Consultar con el médico', 'consultar'],
    ['No', 'no'],
    ['No apto', 'no'],
    ['quizás', undefined],
  ])('Apto en embarazo «%s» → %s', (value, read) => {
    expect(pregnancySafety(value)).toBe(read)
  })

  it.each([
    ['Sin perfume', false],
    ['sin fragancia', false],
    ['Con perfume', true],
    ['Perfumada', true],
    [undefined, undefined],
  ])('Perfume «%s» → %s', (value, read) => {
    expect(hasPerfume(value)).toBe(read)
  })
})

describe('what a product may not be for the person (suitability)', () => {
  it('names each reason: an avoided active, perfume, the age, pregnancy', () => {
    expect(unsuitability(salicylicSerum, { evitar: ['Ácido salicílico'], embarazo: true }).map((r) => r.texto)).toEqual(
      ['lleva ácido salicílico', 'no se recomienda en el embarazo ni en la lactancia'],
    )
    expect(unsuitability(perfumedCream, { sinPerfume: true, edadMeses: 8 }).map((r) => r.texto)).toEqual([
      'tiene perfume',
      'se usa desde los 12 años',
    ])
    expect(unsuitability(retinolSerum, { edadMeses: 144 }).map((r) => r.texto)).toEqual(['es para adultos'])
    expect(unsuitability(consultSerum, { embarazo: true }).map((r) => r.motivo)).toEqual(['embarazo'])
    expect(unsuitability(babyBalm, { sinPerfume: true, edadMeses: 0, embarazo: true, evitar: ['Retinol'] })).toEqual([])
  })

  it('takes what the catalogue does not say as unsafe for a child or a perfume allergy, not for an adult', () => {
    expect(unsuitability(unlabelledCream, { sinPerfume: true }).map((r) => r.texto)).toEqual([
      'no dice si tiene perfume',
    ])
    expect(unsuitability(unlabelledCream, { edadMeses: 24 }).map((r) => r.texto)).toEqual([
      'no dice desde qué edad se puede usar',
    ])
    expect(unsuitability(unlabelledCream, {})).toEqual([])
    expect(unsuitability({ ...unlabelledCream, aptoEmbarazo: undefined }, { embarazo: true })).toEqual([])
  })

  it('no sunscreen under 6 months, whatever its label', () => {
    expect(unsuitability({ ...babySunscreen, edadMinimaMeses: 0 }, { edadMeses: 4 })[0]?.texto).toContain(
      'antes de los 6 meses',
    )
    expect(unsuitability(babySunscreen, { edadMeses: 6 })).toEqual([])
  })
})

describe('a skin profile’s restrictions, each on its own', () => {
  it('pregnancy: no retinoids, hydroquinone, salicylic acid or Thiamidol, and only products marked pregnancy-safe', () => {
    const rules = profileRules(profile({ embarazo: 'embarazo' }))
    expect(rules.embarazo).toBe(true)
    expect(rules.evitar).toEqual(
      expect.arrayContaining(['Retinol', 'Tretinoína', 'Adapaleno', 'Hidroquinona', 'Ácido salicílico', 'Thiamidol']),
    )
    expect(rules.notas.map((n) => n.texto).join(' ')).toContain('estás en embarazo')
    const r = recommendRoutine(shop, [], { ...rules, preocupaciones: ['Manchas'] })
    expect(offered(r)).toContain(niacinamideSerum.id)
    for (const id of [salicylicSerum.id, thiamidolSerum.id, retinolSerum.id, consultSerum.id]) {
      expect(offered(r)).not.toContain(id)
    }
  })

  it('breastfeeding rules out what pregnancy does, and says so', () => {
    const rules = profileRules(profile({ embarazo: 'lactancia' }))
    expect(rules.embarazo).toBe(true)
    expect(rules.evitar).toContain('Retinol')
    expect(rules.notas[0]?.texto).toContain('estás lactando')
    expect(profileRules(profile({ embarazo: 'no' })).embarazo).toBe(false)
  })

  it('a baby: nothing exfoliating or perfumed, only what its maker allows from birth, no sunscreen', () => {
    const rules = profileRules(profile({ paraQuien: 'bebe' }))
    expect(rules).toMatchObject({ sinPerfume: true, edadMeses: 0, embarazo: false })
    expect(rules.evitar).toEqual(expect.arrayContaining(['Retinol', 'Ácido salicílico', 'Ácido glicólico']))
    const dry = recommendRoutine(shop, ['texture'], { ...rules, preocupaciones: ['Deshidratación'] })
    expect(new Set(offered(dry))).toEqual(new Set([babyCleanser.id, babyBalm.id]))
    // A child's routine: cleanse and moisturise, no treatment and no sunscreen.
    expect(dry.manana.map((i) => i.paso)).toEqual(['limpiar', 'hidratar'])
    expect(recommendRoutine(shop, [], { ...rules, preocupaciones: ['Protección solar'] }).productos).toEqual([])
  })

  it('a child (2 to 11): a sunscreen made for their age, not the adult one from 3 years', () => {
    const rules = profileRules(profile({ paraQuien: 'nino' }))
    expect(rules.edadMeses).toBe(24)
    const sun = recommendRoutine(shop, [], { ...rules, preocupaciones: ['Protección solar'] })
    expect(offered(sun)).toEqual([babySunscreen.id])
  })

  it('isotretinoin: gentle barrier care — no retinoids, acids or benzoyl peroxide, no perfume, SPF 50, lips', () => {
    const rules = profileRules(profile({ medicamentos: ['isotretinoina'] }))
    expect(rules.evitar).toEqual(expect.arrayContaining(['Retinol', 'Ácido salicílico', 'Peróxido de benzoilo']))
    expect(rules.sinPerfume).toBe(true)
    expect(rules.fpsMinimo).toBe(50)
    expect(rules.preocupaciones).toEqual(expect.arrayContaining(['Deshidratación', 'Irritación']))
    const note = rules.notas.map((n) => n.texto).join(' ')
    expect(note).toContain('bálsamo labial')
    expect(note).toContain('FPS 50')
    const r = recommendRoutine(shop, ['acne'], { ...rules, preocupaciones: [] })
    expect(offered(r)).not.toContain(salicylicSerum.id)
    expect(offered(r)).not.toContain(perfumedCleanser.id)
  })

  it('a topical retinoid, corticoids or another prescription: no retinol or acids on top', () => {
    for (const medicine of ['retinoide_topico', 'corticoide', 'otro_tratamiento'] as const) {
      const rules = profileRules(profile({ medicamentos: [medicine] }))
      expect(rules.evitar, medicine).toEqual(expect.arrayContaining(['Retinol', 'Ácido glicólico', 'Ácido salicílico']))
      expect(rules.notas.length, medicine).toBe(1)
    }
    const anticoagulant = profileRules(profile({ medicamentos: ['anticoagulante'] }))
    expect(anticoagulant.evitar).toEqual([])
    expect(anticoagulant.notas[0]?.texto).toContain('morado')
  })

  it('sensitivities: fragrance, acids, retinoids, chemical filters; a sensitive skin excludes fragrance, acids and retinoids', () => {
    expect(profileRules(profile({ sensibilidades: ['fragancia'] })).sinPerfume).toBe(true)
    expect(profileRules(profile({ sensibilidades: ['acidos'] })).evitar).toEqual([
      'Ácido salicílico',
      'Ácido glicólico',
      'Ácido láctico',
    ])
    expect(profileRules(profile({ sensibilidades: ['retinoides'] })).evitar).toContain('Retinol')
    expect(profileRules(profile({ sensibilidades: ['filtros_quimicos'] })).evitar).toEqual([
      'Filtros UV',
      'Mexoryl 400',
    ])
    const sensitive = profileRules(profile({ tipoDePiel: 'Sensible' }))
    expect(sensitive.sinPerfume).toBe(true)
    expect(sensitive.evitar).toEqual(expect.arrayContaining(['Ácido salicílico', 'Retinol']))
    const dry = recommendRoutine(shop, ['texture'], { ...sensitive, preocupaciones: [] })
    expect(offered(dry)).not.toContain(perfumedCream.id)
    expect(offered(dry)).not.toContain(unlabelledCream.id)
    const sun = recommendRoutine(shop, [], {
      ...profileRules(profile({ sensibilidades: ['filtros_quimicos'] })),
      preocupaciones: ['Protección solar'],
    })
    expect(offered(sun)).toEqual([babySunscreen.id])
  })

  it('an under-18 gets nothing for adults', () => {
    const rules = profileRules(profile({ rangoEdad: 'menos_18' }))
    expect(rules.edadMeses).toBe(144)
    expect(offered(recommendRoutine(shop, ['wrinkle'], { ...rules, preocupaciones: [] }))).not.toContain(
      retinolSerum.id,
    )
  })

  it('the profile’s skin type and concerns fill in, weighed below the message’s own', () => {
    const rules = profileRules(profile({ tipoDePiel: 'Grasa', preocupaciones: ['Manchas'] }))
    expect(rules.tipoDePiel).toBe('Grasa')
    // The message asks about acne: the acne serum wins over the profile's spots.
    const acne = recommendRoutine(shop, ['acne'], { preocupacionesPerfil: rules.preocupaciones })
    expect(acne.noche.find((i) => i.paso === 'tratar')?.productoId).toBe(salicylicSerum.id)
    // Nothing else asked: the profile's concern breaks the tie.
    const plain = recommendRoutine([niacinamideSerum, retinolSerum, thiamidolSerum], ['wrinkle'], {
      preocupacionesPerfil: ['Manchas'],
    })
    expect(plain.manana.find((i) => i.paso === 'tratar')?.productoId).toBe(thiamidolSerum.id)
  })

  it('says once what the products were chosen to respect', () => {
    expect(
      productsChosenFor({ sinPerfume: true, evitar: ['Ácido salicílico', 'Ácido glicólico', 'Ácido láctico'] }),
    ).toBe('Según tu perfil, te muestro solo productos sin perfume ni ácidos exfoliantes.')
    expect(productsChosenFor({ embarazo: true, evitar: ['Retinol'] })).toBe(
      'Según tu perfil, te muestro solo productos aptos para el embarazo y la lactancia.',
    )
    expect(productsChosenFor({})).toBeUndefined()
    const analysis = profileForRoutine(profile({ paraQuien: 'bebe' }))
    expect(analysis.opciones).toMatchObject({ sinPerfume: true, edadMeses: 0 })
    expect(analysis.siHayProductos).toContain('pediatra')
  })
})

describe('the profile in answers to messages', () => {
  it('applies pregnancy from the profile: the text, the note and the products', () => {
    const reply = ask('tengo manchas en la cara, ¿qué me sirve?', profile({ embarazo: 'embarazo' }))
    expect(reply).toMatchObject({ tema: 'manchas', embarazo: true, productos: true })
    expect(reply.texto).toContain('suele aclarar después del parto')
    expect(reply.texto).toContain('Como estás en embarazo')
    expect(reply.texto).not.toContain('el Thiamidol, con constancia')
    expect(reply.evitar).toEqual(expect.arrayContaining(['Retinol', 'Thiamidol', 'Hidroquinona']))
    expect(reply.siHayProductos).toContain('embarazo')
  })

  it('the message’s own statements win: pregnancy said with no profile, a child named in an adult’s profile', () => {
    expect(ask('estoy embarazada y tengo granitos')).toMatchObject({ embarazo: true })
    const child = ask('mi hija de 3 años tiene la piel reseca', profile({ embarazo: 'embarazo' }))
    expect(child).toMatchObject({ paraQuien: 'nino', edadMeses: 36, sinPerfume: true, embarazo: false })
    expect(child.texto).not.toContain('Como estás en embarazo')
    // In a baby's profile, "tengo granitos" is the shopper's own skin: no baby rules.
    const own = ask('tengo granitos en la frente, ¿qué uso?', profile({ paraQuien: 'bebe' }))
    expect(own.paraQuien).toBeUndefined()
    expect(own.evitar).not.toContain('Retinol')
    expect(own.texto).not.toContain('pediatra')
  })

  it('a baby or child: the paediatrician named, products that suit the age; none for what the paediatrician should see', () => {
    const dry = ask('tiene la piel muy reseca', profile({ paraQuien: 'bebe' }))
    expect(dry).toMatchObject({ paraQuien: 'bebe', edadMeses: 0, productos: true, alerta: false, sinPerfume: true })
    expect(dry.texto).toContain('pediatra')
    expect(dry.texto).not.toContain('exfoliante suave de ácido')
    expect(dry.siHayProductos).toContain('para su edad')
    const acne = ask('le salieron granitos en la frente', profile({ paraQuien: 'nino' }))
    expect(acne).toMatchObject({ productos: false, alerta: true, derivacion: false })
    expect(acne.texto).toContain('pediatra')
    // A warning sign stays a warning: no product.
    const fever = ask('tiene fiebre y un brote que se le está regando', profile({ paraQuien: 'bebe' }))
    expect(fever).toMatchObject({ alerta: true, derivacion: true, productos: false })
    expect(fever.temas).toContain('alarma general')
  })

  it('isotretinoin from the profile: barrier care said, acids left out of the text', () => {
    const reply = ask('se me pela la nariz, ¿me puedo exfoliar?', profile({ medicamentos: ['isotretinoina'] }))
    expect(reply.texto).toContain('Como tomas isotretinoína')
    expect(reply.texto).toContain('deja los exfoliantes')
    expect(reply.texto).not.toContain('exfoliante suave de ácido láctico')
    expect(reply.fpsMinimo).toBe(50)
    // The message that names isotretinoin already says it: the profile's note is not repeated.
    const said = ask('tomo isotretinoína y tengo la piel reseca', profile({ medicamentos: ['isotretinoina'] }))
    expect(said.texto.match(/isotretinoína/g)?.length).toBe(1)
  })

  it('a routine asked with a profile is the routine for its skin type and concerns', () => {
    const reply = ask('¿qué rutina me recomiendas?', profile({ tipoDePiel: 'Grasa', preocupaciones: ['Acné'] }))
    expect(reply).toMatchObject({ productos: true, tipoDePiel: 'Grasa', preocupaciones: ['Acné'] })
    expect(ask('¿qué rutina me recomiendas?').productos).toBe(false)
  })

  it('adds nothing of the profile to a question about the shop or a warning sign', () => {
    const shipping = ask('¿cuánto cuesta el envío?', profile({ medicamentos: ['isotretinoina'], embarazo: 'embarazo' }))
    expect(shipping.texto).not.toContain('isotretinoína')
    expect(shipping.texto).not.toContain('embarazo')
    const mole = ask('tengo un lunar que sangra', profile({ embarazo: 'embarazo' }))
    expect(mole.alerta).toBe(true)
    expect(mole.texto).not.toContain('Como estás en embarazo')
  })
})

describe('the profile in the replies to an analysis', () => {
  const readings = (scores: Partial<Record<SkinMeasure, number>>, base = 92): Readings =>
    Object.fromEntries(
      SKIN_MEASURES.map((m) => {
        const ui = scores[m] ?? base
        return [m, { ui_score: ui, raw_score: ui }]
      }),
    ) as Readings

  it('names as helping only actives the person may use (retinol not in pregnancy, salicylic acid not with isotretinoin)', () => {
    const lines = readings({ wrinkle: 55, acne: 60 })
    expect(composeAnalysisReply(lines, 'x').texto).toContain('Ayudan retinol')
    const pregnant = composeAnalysisReply(lines, 'x', { evitar: PREGNANCY_AVOID }).texto
    expect(pregnant).not.toContain('Ayudan retinol')
    expect(pregnant).not.toContain('salicílico')
    expect(pregnant).toContain('Ayudan péptidos')
    const isotretinoin = profileForRoutine(profile({ medicamentos: ['isotretinoina'] })).opciones.evitar ?? []
    const worse = composeComparisonReply(readings({ acne: 90 }), readings({ acne: 40 }), 'x', null, isotretinoin).texto
    expect(worse).toContain('Para las imperfecciones: ayudan niacinamida')
    expect(worse).not.toMatch(/salicílico|peróxido/)
  })
})

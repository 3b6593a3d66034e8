/**
 * The load generator of `bench:orders`, run as its own process so that the client never shares
 * the server's event loop (the embedded database runs on that loop too). Reads one JSON job from
 * its first argument, places the orders with autocannon and prints the figures as one JSON line.
 */
import autocannon from 'autocannon'

export interface Shopper {
  headers: Record<string, string>
  addressId: number
}

export interface LoadJob {
  url: string
  shoppers: Shopper[]
  productIds: number[]
  count: number
  seed: number
  concurrency: number
}

export interface LoadFigures {
  perSecond: number
  p50: number
  p99: number
  refused: number
  failed: number
}

/** A small deterministic generator, so that both databases get the same sequence of orders. */
function random(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state % below
  }
}

/** Places `count` orders of 1–3 random products (1–2 units each), by random shoppers. */
async function placeOrders(job: LoadJob): Promise<LoadFigures> {
  const pick = random(job.seed)
  // The rate runs from the start to the last answer: autocannon notices that `amount` is reached
  // only at its next one-second sample, so its own duration rounds up to whole seconds.
  const started = performance.now()
  let lastAnswer = started
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: job.url,
        method: 'POST',
        connections: job.concurrency,
        amount: job.count,
        timeout: 30,
        requests: [
          {
            setupRequest: (request) => {
              const shopper = job.shoppers[pick(job.shoppers.length)] as Shopper
              const productos = Array.from({ length: 1 + pick(3) }, () => ({
                idProducto: job.productIds[pick(job.productIds.length)] as number,
                cantidadComprada: 1 + pick(2),
              }))
              return {
                ...request,
                headers: shopper.headers,
                body: JSON.stringify({ idDireccion: shopper.addressId, productos }),
              }
            },
          },
        ],
      },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    )
    instance.on('response', () => {
      lastAnswer = performance.now()
    })
  })
  const seconds = (lastAnswer - started) / 1000
  const refused = result.statusCodeStats?.['409']?.count ?? 0
  return {
    perSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    refused,
    failed: result.errors + result.timeouts + result.non2xx - refused,
  }
}

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob
process.stdout.write(`${JSON.stringify(await placeOrders(job))}\n`)

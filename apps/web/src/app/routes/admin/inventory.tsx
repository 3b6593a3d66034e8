import { ProductTable } from './products'

/**
 * `/admin/inventario` (issue 17): every product by its stock, the lowest first; each opens the product's
 * inventory (units received, counts corrected, every movement with who, when and why).
 */
export function Component() {
  return <ProductTable mode="inventory" />
}

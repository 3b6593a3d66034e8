export { discountAdminRoutes } from './routes'
export {
  type CodeEvaluation,
  type CodeFigures,
  type CodeFiguresOf,
  type CodeRefusal,
  type CodeRow,
  type CodeUsage,
  codeRuleOf,
  createCode,
  evaluateCode,
  refusalMessage,
} from './service'

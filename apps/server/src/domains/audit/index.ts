export { type AuditEntry, type AuditRecord, authorOf, listAuditRecords, recordAudit, recordAudits } from './service'

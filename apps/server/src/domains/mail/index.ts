export { type MailBlock, renderMail } from './render'
export { createMailer, EXPIRED_SECRET_BODY, mailFigures, purgeExpiredMailSecrets } from './service'

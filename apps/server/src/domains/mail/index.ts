export { type MailPreview, type MailPreviewContext, PREVIEW_SHOPPER } from './previews'
export { type MailBlock, renderMail } from './render'
export { createMailer, EXPIRED_SECRET_BODY, mailFigures, type OutboxMailer, purgeExpiredMailSecrets } from './service'

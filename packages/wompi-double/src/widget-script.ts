/**
 * `GET /widget.js` (wompi.md §5.1–5.2), embedded as a string because esbuild bundles the double into the
 * shop's server. Defines `window.WidgetCheckout`; `open(callback)` shows a full-screen overlay whose
 * iframe runs the hosted checkout (`/p/?…&embedded=1`). The iframe posts `{source:'wompi-double', type,
 * transaction}`; only messages from the double's origin and from that iframe are read.
 * The base URL comes from `document.currentScript.src`. Closing with "Cerrar" before any transaction
 * calls `callback({})` (inferred: the docs do not say what the real widget passes).
 * With `data-render="button"` on the script tag it renders a pay button in place (wompi.md §5.1).
 * Written without template literals so it can live inside String.raw.
 */
export const WIDGET_SCRIPT = String.raw`
(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\/widget\.js(?:[?#].*)?$/, '') : '';
  var baseOrigin = base ? new URL(base, location.href).origin : location.origin;
  var LABEL = 'Wompi · Modo de pruebas (doble local)';
  var STYLE_ID = 'wompi-double-style';
  var CSS = [
    '.wompi-double-overlay{position:fixed;inset:0;z-index:2147483000;background:rgba(20,20,40,.65);display:flex;align-items:center;justify-content:center}',
    '.wompi-double-frame{position:relative;width:100%;height:100%;max-width:480px;max-height:820px;background:#f4f5f9;border-radius:12px;overflow:hidden;box-shadow:0 10px 40px rgba(0,0,0,.35)}',
    '.wompi-double-frame iframe{display:block;width:100%;height:100%;border:0}',
    '.wompi-double-close{position:absolute;top:2px;right:4px;z-index:1;width:36px;height:36px;border:0;border-radius:18px;background:transparent;color:#3b2f00;font:700 24px/36px system-ui,sans-serif;cursor:pointer}',
    '.wompi-double-close:focus{outline:3px solid #7aa7ff}',
    '@media (max-width:520px),(max-height:700px){.wompi-double-frame{max-width:none;max-height:none;border-radius:0}}',
    '.wompi-double-button{display:inline-block;padding:12px 20px;border:0;border-radius:8px;background:#2c2a5b;color:#fff;font:700 16px system-ui,sans-serif;cursor:pointer}'
  ].join('\n');

  function injectStyle() {
    if (document.getElementById(STYLE_ID)) return;
    var style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    document.head.appendChild(style);
  }

  /** camelCase option name → the checkout's parameter name: addressLine1 → address-line-1. */
  function kebab(name) {
    return String(name).replace(/[A-Z]/g, function (c) { return '-' + c.toLowerCase(); }).replace(/([a-z])(\d)/g, '$1-$2');
  }

  function checkoutUrl(config) {
    var url = new URL(base + '/p/', location.href);
    var q = url.searchParams;
    q.set('public-key', config.publicKey);
    q.set('currency', config.currency);
    q.set('amount-in-cents', String(config.amountInCents));
    q.set('reference', config.reference);
    q.set('signature:integrity', config.signature && config.signature.integrity ? config.signature.integrity : '');
    if (config.redirectUrl) q.set('redirect-url', config.redirectUrl);
    if (config.expirationTime) q.set('expiration-time', config.expirationTime);
    [['customerData', 'customer-data'], ['shippingAddress', 'shipping-address'], ['taxInCents', 'tax-in-cents']].forEach(function (pair) {
      var group = config[pair[0]];
      if (!group || typeof group !== 'object') return;
      Object.keys(group).forEach(function (key) {
        if (group[key] !== undefined && group[key] !== null && group[key] !== '') q.set(pair[1] + ':' + kebab(key), String(group[key]));
      });
    });
    q.set('embedded', '1');
    q.set('parent-origin', location.origin);
    return url.toString();
  }

  var openWidget = null;

  function WidgetCheckout(config) {
    if (!(this instanceof WidgetCheckout)) return new WidgetCheckout(config);
    var required = ['currency', 'amountInCents', 'reference', 'publicKey'];
    for (var i = 0; i < required.length; i++) {
      if (!config || config[required[i]] === undefined || config[required[i]] === null || config[required[i]] === '') {
        throw new Error('WidgetCheckout: falta el parámetro obligatorio ' + required[i]);
      }
    }
    this.config = config;
  }

  WidgetCheckout.prototype.open = function (callback) {
    if (openWidget) openWidget.close();
    injectStyle();
    var done = false;
    var lastTransaction = null;
    var previousOverflow = document.body.style.overflow;
    var previousFocus = document.activeElement;
    var overlay = document.createElement('div');
    overlay.className = 'wompi-double-overlay';
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', LABEL);
    var frame = document.createElement('div');
    frame.className = 'wompi-double-frame';
    var close = document.createElement('button');
    close.type = 'button';
    close.className = 'wompi-double-close';
    close.setAttribute('aria-label', 'Cerrar');
    close.title = 'Cerrar';
    close.textContent = '×';
    var iframe = document.createElement('iframe');
    iframe.title = LABEL;
    iframe.src = checkoutUrl(this.config);
    iframe.setAttribute('allow', 'payment');
    frame.appendChild(close);
    frame.appendChild(iframe);
    overlay.appendChild(frame);

    function finish(result) {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKey);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      document.body.style.overflow = previousOverflow;
      openWidget = null;
      if (previousFocus && previousFocus.focus) previousFocus.focus();
      if (typeof callback === 'function') callback(result);
    }
    function onMessage(event) {
      if (event.origin !== baseOrigin || event.source !== iframe.contentWindow) return;
      var data = event.data;
      if (!data || data.source !== 'wompi-double' || !data.transaction) return;
      lastTransaction = data.transaction;
      if (data.type === 'done') finish({ transaction: data.transaction });
    }
    function onKey(event) { if (event.key === 'Escape') closeByUser(); }
    function closeByUser() { finish(lastTransaction ? { transaction: lastTransaction } : {}); }

    close.addEventListener('click', closeByUser);
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey);
    document.body.appendChild(overlay);
    document.body.style.overflow = 'hidden';
    close.focus();
    openWidget = { close: closeByUser };
  };

  window.WidgetCheckout = WidgetCheckout;

  function renderButton(tag) {
    var data = function (name) { return tag.getAttribute('data-' + name); };
    var groups = { 'customer-data': {}, 'shipping-address': {}, 'tax-in-cents': {} };
    Array.prototype.forEach.call(tag.attributes, function (attribute) {
      var match = /^data-(customer-data|shipping-address|tax-in-cents):(.+)$/.exec(attribute.name);
      if (!match) return;
      var key = match[2].replace(/-([a-z0-9])/g, function (m, c) { return c.toUpperCase(); });
      groups[match[1]][key] = attribute.value;
    });
    var config = {
      publicKey: data('public-key'), currency: data('currency'), amountInCents: Number(data('amount-in-cents')),
      reference: data('reference'), signature: { integrity: data('signature:integrity') },
      redirectUrl: data('redirect-url') || undefined, expirationTime: data('expiration-time') || undefined,
      customerData: groups['customer-data'], shippingAddress: groups['shipping-address'], taxInCents: groups['tax-in-cents']
    };
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'wompi-double-button';
    button.textContent = 'Paga con Wompi (pruebas)';
    button.addEventListener('click', function () {
      new WidgetCheckout(config).open(function (result) {
        if (result.transaction && config.redirectUrl) {
          var target = new URL(config.redirectUrl, location.href);
          target.searchParams.set('id', result.transaction.id);
          target.searchParams.set('env', 'test');
          location.href = target.toString();
        }
      });
    });
    injectStyle();
    tag.parentNode.insertBefore(button, tag.nextSibling);
  }

  if (script && script.getAttribute('data-render') === 'button') renderButton(script);
})();
`

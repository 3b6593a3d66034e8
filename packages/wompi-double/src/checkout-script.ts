/**
 * Browser script of the hosted checkout (`/p/`), embedded as a string because esbuild bundles the double
 * into the shop's server. It reads its settings from <script id="page-data">, tokenizes cards and creates
 * the transaction through the double, polls until a final status, and then hands the result back:
 * postMessage to the widget when embedded, redirect to `redirect-url?id=…&env=test` otherwise.
 * Written without template literals so it can live inside String.raw.
 */
export const CHECKOUT_SCRIPT = String.raw`
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('page-data').textContent);
  var apiBase = new URL('../v1/', location.href);
  var createUrl = new URL('transacciones', location.href);
  var form = byId('pay-form');
  var current = null;
  var finished = false;
  var busy = false;
  var FIELD_LABELS = {
    number: 'Número de la tarjeta', cvc: 'CVC', exp_month: 'Mes de vencimiento', exp_year: 'Año de vencimiento',
    card_holder: 'Nombre del titular', customer_email: 'Correo electrónico', acceptance_token: 'Reglamento de uso',
    accept_personal_auth: 'Autorización de datos personales', signature: 'Firma de integridad', reference: 'Referencia',
    amount_in_cents: 'Valor', currency: 'Moneda', expiration_time: 'Vencimiento del pago',
    'payment_method.token': 'Tarjeta', 'payment_method.installments': 'Cuotas',
    'payment_method.phone_number': 'Celular Nequi', 'payment_method.financial_institution_code': 'Banco',
    'payment_method.user_type': 'Tipo de persona', 'payment_method.user_legal_id_type': 'Tipo de documento',
    'payment_method.user_legal_id': 'Número de documento', 'payment_method.payment_description': 'Descripción'
  };
  var STATUS_TITLES = {
    APPROVED: '¡Pago aprobado!', DECLINED: 'Pago rechazado', ERROR: 'El pago no se pudo procesar',
    VOIDED: 'Pago anulado', PENDING: 'Pago pendiente'
  };
  var METHOD_LABELS = { CARD: 'Tarjeta', NEQUI: 'Nequi', PSE: 'PSE', BANCOLOMBIA_COLLECT: 'Corresponsal bancario' };
  var STATUS_LABELS = { APPROVED: 'Aprobada', DECLINED: 'Rechazada', ERROR: 'Error', VOIDED: 'Anulada', PENDING: 'Pendiente' };

  function byId(id) { return document.getElementById(id); }
  function sleep(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }
  function digits(id) { return byId(id).value.replace(/[\s.-]/g, ''); }
  function selectedMethod() { return form.querySelector('input[name="method"]:checked').value; }

  function showMethod() {
    ['CARD', 'NEQUI', 'PSE'].forEach(function (method) {
      byId('method-' + method).hidden = method !== selectedMethod();
    });
  }

  function camel(tx) {
    return {
      id: tx.id, status: tx.status, reference: tx.reference, amountInCents: tx.amount_in_cents,
      currency: tx.currency, paymentMethodType: tx.payment_method_type, finalizedAt: tx.finalized_at,
      statusMessage: tx.status_message
    };
  }

  function notifyParent(type, tx) {
    if (!config.embedded || window.parent === window) return;
    window.parent.postMessage({ source: 'wompi-double', type: type, transaction: camel(tx) }, config.parentOrigin || '*');
  }

  async function api(method, url, body, withKey) {
    var headers = { Accept: 'application/json' };
    if (body) headers['Content-Type'] = 'application/json';
    if (withKey) headers.Authorization = 'Bearer ' + config.publicKey;
    var res = await fetch(url, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined });
    var json = null;
    try { json = await res.json(); } catch (ignored) { json = null; }
    if (!res.ok) {
      var error = new Error('HTTP ' + res.status);
      error.payload = json;
      throw error;
    }
    return json;
  }

  function flatten(messages, prefix, out) {
    Object.keys(messages).forEach(function (key) {
      var value = messages[key];
      var path = prefix + key;
      if (Array.isArray(value)) out.push((FIELD_LABELS[path] || path) + ': ' + value.join(', '));
      else if (value && typeof value === 'object') flatten(value, path + '.', out);
    });
  }

  function errorsOf(error) {
    var body = error && error.payload && error.payload.error;
    if (body && body.messages) { var out = []; flatten(body.messages, '', out); return out; }
    if (body && body.reason) return [body.reason];
    return ['No se pudo contactar al doble de Wompi. Intenta de nuevo.'];
  }

  function showErrors(list) {
    var box = byId('form-errors');
    box.textContent = '';
    box.hidden = list.length === 0;
    if (!list.length) return;
    var ul = document.createElement('ul');
    list.forEach(function (text) { var li = document.createElement('li'); li.textContent = text; ul.appendChild(li); });
    box.appendChild(ul);
    box.focus();
  }

  function setBusy(value) {
    busy = value;
    var button = byId('pay-button');
    button.disabled = value;
    button.textContent = value ? 'Procesando…' : 'Pagar ' + config.amountLabel;
  }

  function checkoutUrl() {
    var url = new URL(location.href);
    url.searchParams.delete('transaccion');
    return url.toString();
  }

  async function paymentMethod() {
    var method = selectedMethod();
    if (method === 'CARD') {
      var year = digits('card-year');
      if (year.length === 4) year = year.slice(2);
      var month = digits('card-month');
      if (month.length === 1) month = '0' + month;
      var token = await api('POST', new URL('tokens/cards', apiBase), {
        number: digits('card-number'), cvc: byId('card-cvc').value.trim(), exp_month: month, exp_year: year,
        card_holder: byId('card-holder').value.trim()
      }, true);
      return { type: 'CARD', token: token.data.id, installments: Number(byId('card-installments').value) };
    }
    if (method === 'NEQUI') return { type: 'NEQUI', phone_number: digits('nequi-phone') };
    return {
      type: 'PSE', user_type: Number(byId('pse-user-type').value), user_legal_id_type: byId('pse-doc-type').value,
      user_legal_id: digits('pse-doc'), financial_institution_code: byId('pse-bank').value,
      payment_description: ('Pago ' + config.reference).slice(0, 30)
    };
  }

  async function pay(event) {
    event.preventDefault();
    if (busy) return;
    var problems = [];
    var email = byId('email').value.trim();
    if (!email) problems.push('Correo electrónico: No está presente');
    if (selectedMethod() === 'PSE' && !byId('pse-bank').value) problems.push('Banco: selecciona tu banco');
    if (!byId('accept-terms').checked) problems.push('Debes aceptar el reglamento de uso de Wompi');
    if (!byId('accept-data').checked) problems.push('Debes autorizar la administración de tus datos personales');
    if (problems.length) { showErrors(problems); return; }
    showErrors([]);
    setBusy(true);
    try {
      var merchant = await api('GET', new URL('merchants/' + encodeURIComponent(config.publicKey), apiBase));
      var body = {
        acceptance_token: merchant.data.presigned_acceptance.acceptance_token,
        accept_personal_auth: merchant.data.presigned_personal_data_auth.acceptance_token,
        amount_in_cents: config.amountInCents, currency: config.currency, signature: config.signature,
        reference: config.reference, customer_email: email, payment_method: await paymentMethod(),
        checkout_url: checkoutUrl()
      };
      if (config.expirationTime) body.expiration_time = config.expirationTime;
      if (config.redirectUrl) body.redirect_url = config.redirectUrl;
      if (config.customerData) body.customer_data = config.customerData;
      if (config.shippingAddress) body.shipping_address = config.shippingAddress;
      if (config.taxes.length) body.taxes = config.taxes;
      var created = await api('POST', createUrl, body, true);
      await follow(created.data);
    } catch (error) {
      setBusy(false);
      showErrors(errorsOf(error));
    }
  }

  var PROGRESS_TEXT = {
    CARD: 'Estamos procesando el pago con tu tarjeta.',
    NEQUI: 'Simulamos la notificación que aceptarías en tu app Nequi.',
    PSE: 'Te llevaremos a la página de tu banco.'
  };

  async function follow(tx) {
    current = tx;
    byId('pay-section').hidden = true;
    byId('result').hidden = true;
    byId('progress').hidden = false;
    byId('progress-text').textContent = PROGRESS_TEXT[tx.payment_method_type] || '';
    for (;;) {
      if (tx.status !== 'PENDING') { showResult(tx); return; }
      var extra = (tx.payment_method && tx.payment_method.extra) || {};
      if (tx.payment_method_type === 'PSE' && extra.async_payment_url) {
        byId('progress-text').textContent = 'Redirigiendo a tu banco…';
        location.href = extra.async_payment_url;
        return;
      }
      await sleep(700);
      try {
        tx = (await api('GET', new URL('transactions/' + encodeURIComponent(tx.id), apiBase))).data;
        current = tx;
      } catch (ignored) { /* keep polling */ }
    }
  }

  function addRow(list, term, value) {
    var dt = document.createElement('dt'); dt.textContent = term;
    var dd = document.createElement('dd'); dd.textContent = value;
    list.appendChild(dt); list.appendChild(dd);
  }

  function showResult(tx) {
    current = tx;
    setBusy(false);
    byId('pay-section').hidden = true;
    byId('progress').hidden = true;
    byId('result').hidden = false;
    var title = byId('result-title');
    title.textContent = STATUS_TITLES[tx.status] || tx.status;
    title.className = 'status-' + tx.status;
    var list = byId('result-summary');
    list.textContent = '';
    addRow(list, 'Referencia', tx.reference);
    addRow(list, 'Valor', config.amountLabel);
    addRow(list, 'Medio de pago', METHOD_LABELS[tx.payment_method_type] || tx.payment_method_type);
    addRow(list, 'Transacción', tx.id);
    addRow(list, 'Estado', STATUS_LABELS[tx.status] || tx.status);
    byId('result-message').textContent = tx.status_message || '';
    byId('retry-button').hidden = !(tx.status === 'DECLINED' || tx.status === 'ERROR');
    var canFinish = config.embedded || Boolean(config.redirectUrl);
    byId('finish-button').hidden = !canFinish;
    byId('finish-note').hidden = canFinish;
    notifyParent('update', tx);
    if (tx.status === 'APPROVED' && canFinish) setTimeout(finish, 1500);
    title.focus();
  }

  function finish() {
    if (finished || !current) return;
    finished = true;
    if (config.embedded) { notifyParent('done', current); return; }
    if (config.redirectUrl) {
      var target = new URL(config.redirectUrl);
      target.searchParams.set('id', current.id);
      target.searchParams.set('env', 'test');
      location.href = target.toString();
    }
  }

  function retry() {
    current = null;
    finished = false;
    history.replaceState(null, '', checkoutUrl());
    byId('result').hidden = true;
    byId('pay-section').hidden = false;
    byId('pay-button').focus();
  }

  form.addEventListener('change', function (event) { if (event.target.name === 'method') showMethod(); });
  form.addEventListener('submit', pay);
  byId('retry-button').addEventListener('click', retry);
  byId('finish-button').addEventListener('click', finish);
  showMethod();

  var resumeId = new URL(location.href).searchParams.get('transaccion');
  if (config.approved) {
    showResult(config.approved);
  } else if (resumeId) {
    api('GET', new URL('transactions/' + encodeURIComponent(resumeId), apiBase)).then(function (answer) {
      if (answer.data.reference === config.reference) follow(answer.data);
    }).catch(function () { /* unknown id: stay on the form */ });
  }
})();
`

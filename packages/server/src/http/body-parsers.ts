import type { IncomingMessage } from 'node:http';
import { Busboy } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './http-error.js';

/** Deepest nesting of arrays and objects a JSON body may have (the API's deepest body is 3 levels). */
export const JSON_MAX_DEPTH = 32;

/** Largest url-encoded or multipart form accepted (the login form is a few hundred bytes). */
export const FORM_BODY_LIMIT = 8 * 1024;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Request bodies the API reads: JSON everywhere, and url-encoded forms (the OAuth2 password form).
 * Bytes that are not UTF-8 are refused with a 400 instead of being turned into U+FFFD and stored
 * as something the client never sent. Plain text is a 415, not a string body.
 */
export default fp(async function bodyParsers(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = decodeUtf8(body as Buffer);
    if (text === undefined) return done(new HttpError(400, 'Request body is not valid UTF-8'), undefined);
    // Refused before parsing: a 40 KB body of 20 000 nested brackets held the event loop for 11–16 s on its
    // way to the validation error (every request of the server waited; the fuzz suite found it).
    if (nestingDepth(text) > JSON_MAX_DEPTH) {
      return done(new HttpError(400, `Request body is nested deeper than ${JSON_MAX_DEPTH} levels`), undefined);
    }
    parseJson(request, text, done);
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const text = decodeUtf8(body as Buffer);
      const fields = text === undefined ? undefined : parseUrlEncoded(text);
      if (fields === undefined)
        return done(new HttpError(400, 'The form is not valid UTF-8 url-encoded text'), undefined);
      done(null, fields);
    },
  );
});

/** The deepest nesting of `[` and `{` in JSON text, brackets inside strings not counted (one pass). */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) deepest = Math.max(deepest, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

function decodeUtf8(body: Buffer): string | undefined {
  try {
    return strictUtf8.decode(body);
  } catch {
    return undefined;
  }
}

type FormFields = Record<string, string | string[]>;

function addField(fields: FormFields, name: string, value: string) {
  const previous = fields[name];
  fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
}

/** `a=1&b=x+y`; a repeated name becomes a list (which the schemas then refuse for a text field). */
function parseUrlEncoded(text: string): FormFields | undefined {
  // No prototype: a field named `__proto__` or `constructor` is just a field.
  const fields: FormFields = Object.create(null);
  try {
    for (const pair of text.split('&')) {
      if (pair === '') continue;
      const at = pair.indexOf('=');
      const name = decodeURIComponent((at < 0 ? pair : pair.slice(0, at)).replace(/\+/g, ' '));
      const value = at < 0 ? '' : decodeURIComponent(pair.slice(at + 1).replace(/\+/g, ' '));
      addField(fields, name, value);
    }
  } catch {
    // decodeURIComponent throws on broken percent-encoding and on escapes that are not UTF-8.
    return undefined;
  }
  return fields;
}

/**
 * `multipart/form-data` with text fields only, for the OAuth2 password form: browsers' FormData,
 * `curl -F` and the FastAPI full-stack template's client send the login this way. Register it
 * only on the routes that take a form. Files are refused; limits keep memory bounded.
 */
export function multipartFieldsParser(
  request: FastifyRequest,
  payload: IncomingMessage,
  done: (error: Error | null, body?: unknown) => void,
) {
  let settled = false;
  const finish = (error: Error | null, body?: unknown) => {
    if (settled) return;
    settled = true;
    if (error) payload.resume();
    done(error, body);
  };
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: request.headers as Parameters<typeof Busboy>[0]['headers'],
      limits: { fieldNameSize: 100, fieldSize: FORM_BODY_LIMIT, fields: 20, files: 0, parts: 20, headerPairs: 20 },
    });
  } catch {
    return finish(new HttpError(400, 'The multipart form has no valid boundary'));
  }
  // Fastify's bodyLimit guards only the parsers it reads the body for (parseAs); this one reads the
  // stream itself, and busboy skips the text before the first boundary and after the last without a
  // bound. So the route's limit is applied here, to the declared length and to the bytes as they come.
  const limit = request.routeOptions.bodyLimit ?? FORM_BODY_LIMIT;
  const tooLarge = () => finish(new HttpError(413, 'Request body is too large'));
  if (Number(request.headers['content-length']) > limit) return tooLarge();
  let received = 0;
  payload.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit) return;
    payload.unpipe(parser);
    tooLarge();
  });
  const fields: FormFields = Object.create(null);
  parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) return tooLarge();
    addField(fields, name, value);
  });
  parser.on('file', (_name, stream) => {
    stream.resume();
    finish(new HttpError(415, 'This form takes text fields only, not files'));
  });
  parser.on('filesLimit', () => finish(new HttpError(415, 'This form takes text fields only, not files')));
  parser.on('partsLimit', () => finish(new HttpError(413, 'The form has too many fields')));
  parser.on('fieldsLimit', () => finish(new HttpError(413, 'The form has too many fields')));
  parser.on('error', () => finish(new HttpError(400, 'The multipart form is malformed')));
  parser.on('finish', () => finish(null, fields));
  payload.on('error', () => finish(new HttpError(400, 'The request body could not be read')));
  payload.pipe(parser);
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from '../src/precompress.js';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text files that decompress to the original', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    const script = `console.log(${JSON.stringify('texto '.repeat(500))});`;
    fs.mkdirSync(path.join(dir, 'static/js'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'static/js/app.0123456789.js'), script);
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    fs.writeFileSync(path.join(dir, 'tiny.json'), '{}');

    await precompressDir(dir);

    const file = path.join(dir, 'static/js/app.0123456789.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
    // Binary files are not touched; a copy that would not be smaller is not written.
    expect(fs.existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'tiny.json.br'))).toBe(false);
  });

  it('recompresses a file that changed since its copies were written', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    const file = path.join(dir, 'remoteEntry.js');
    fs.writeFileSync(file, 'var a = 1;'.repeat(200));
    await precompressDir(dir);
    const later = new Date(Date.now() + 5000);
    fs.writeFileSync(file, 'var b = 2;'.repeat(200));
    fs.utimesSync(file, later, later);
    await precompressDir(dir);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe('var b = 2;'.repeat(200));
  });
});

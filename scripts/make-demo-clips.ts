/**
 * Makes the demo seed's short teaching clips (src/server/seed/media/*.webm): each is drawn frame by frame on a
 * canvas in Chromium, encoded with WebCodecs (VP9) and written by webm-muxer with a duration and cues, so the
 * player can seek and resume in them (MediaRecorder's WebM has neither). Run once; the clips are committed:
 *
 *   node scripts/make-demo-clips.ts
 */
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type * as WebMMuxer from 'webm-muxer';
import { DEMO_CLIPS } from '../src/server/seed/demo-clips.ts';

const require = createRequire(import.meta.url);
const muxerSource = readFileSync(require.resolve('webm-muxer'), 'utf8');
const outDir = join(import.meta.dirname, '../src/server/seed/media');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
// WebCodecs needs a secure context: localhost is one, about:blank is not.
const server = createServer((_req, res) => {
  res.setHeader('content-type', 'text/html');
  res.end('<canvas id="c" width="640" height="360"></canvas>');
}).listen(0);
await once(server, 'listening');
const page = await browser.newPage();
await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`);
await page.addScriptTag({ content: muxerSource });

for (const clip of DEMO_CLIPS) {
  const base64 = await page.evaluate(async (clip) => {
    const W = 640;
    const H = 360;
    const FPS = 15;
    const canvas = document.getElementById('c') as HTMLCanvasElement;
    const g = canvas.getContext('2d')!;
    const total = clip.slides.reduce((s, slide) => s + slide.seconds, 0);

    const wrap = (text: string, maxWidth: number): string[] => {
      const lines: string[] = [];
      let line = '';
      for (const word of text.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (g.measureText(next).width > maxWidth && line) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      if (line) lines.push(line);
      return lines;
    };

    const draw = (t: number) => {
      let start = 0;
      let index = 0;
      while (index < clip.slides.length - 1 && t >= start + clip.slides[index]!.seconds) {
        start += clip.slides[index]!.seconds;
        index++;
      }
      const slide = clip.slides[index]!;
      const local = t - start;
      const fade = Math.min(1, local / 0.4);
      g.fillStyle = clip.background;
      g.fillRect(0, 0, W, H);
      // A band with the clip's title and the step counter.
      g.fillStyle = 'rgba(0,0,0,0.18)';
      g.fillRect(0, 0, W, 44);
      g.fillStyle = '#fff';
      g.font = '600 18px sans-serif';
      g.fillText(clip.title, 20, 28);
      g.font = '16px sans-serif';
      const counter = `${index + 1} / ${clip.slides.length}`;
      g.fillText(counter, W - 20 - g.measureText(counter).width, 28);
      g.globalAlpha = fade;
      // The big figure: a numeral or a short label in a circle that grows in.
      const r = 54 * Math.min(1, 0.6 + local * 0.8);
      g.fillStyle = clip.accent;
      g.beginPath();
      g.arc(110, 190, r, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = '#fff';
      g.font = '700 34px sans-serif';
      const mark = slide.mark;
      g.fillText(mark, 110 - g.measureText(mark).width / 2, 202);
      g.font = '700 28px sans-serif';
      g.fillText(slide.heading, 190, 130);
      g.font = '20px sans-serif';
      wrap(slide.text, W - 220).forEach((line, i) => g.fillText(line, 190, 172 + i * 28));
      g.globalAlpha = 1;
      // Time left on this slide, and in the clip.
      g.fillStyle = 'rgba(255,255,255,0.35)';
      g.fillRect(0, H - 8, W, 8);
      g.fillStyle = '#fff';
      g.fillRect(0, H - 8, (W * t) / total, 8);
    };

    const M = (window as unknown as { WebMMuxer: typeof WebMMuxer }).WebMMuxer;
    const target = new M.ArrayBufferTarget();
    const muxer = new M.Muxer({
      target,
      video: { codec: 'V_VP9', width: W, height: H, frameRate: FPS },
      firstTimestampBehavior: 'offset',
    });
    const encoder = new VideoEncoder({
      output: (chunk, meta) => muxer.addVideoChunk(chunk, meta),
      error: (e) => {
        throw e;
      },
    });
    encoder.configure({ codec: 'vp09.00.10.08', width: W, height: H, bitrate: 180_000, framerate: FPS });
    const frames = Math.round(total * FPS);
    for (let i = 0; i < frames; i++) {
      draw(i / FPS);
      const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / FPS), duration: 1e6 / FPS });
      // A key frame every 2 s: seeking lands close to where it was asked.
      encoder.encode(frame, { keyFrame: i % (FPS * 2) === 0 });
      frame.close();
      if (encoder.encodeQueueSize > 10) await new Promise((r) => setTimeout(r, 0));
    }
    await encoder.flush();
    muxer.finalize();
    const bytes = new Uint8Array(target.buffer);
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, clip);
  const file = join(outDir, `${clip.file}.webm`);
  writeFileSync(file, Buffer.from(base64, 'base64'));
  console.log(`${file}: ${Math.round(Buffer.from(base64, 'base64').length / 1024)} KB`);
}
await browser.close();
server.close();

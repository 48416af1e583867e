// A real local HTTP server (node:http, port 0) whose answers a test scripts one by one.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  readonly atMs: number;
}

/** One scripted answer; `hang` never answers (for timeouts). */
export type ScriptedAnswer =
  | { readonly status: number; readonly body?: string | object; readonly headers?: Readonly<Record<string, string>> }
  | { readonly hang: true };

export class ScriptedHttpServer {
  readonly requests: RecordedRequest[] = [];
  private script: ScriptedAnswer[] = [];
  private fallback: ScriptedAnswer = { status: 500, body: 'no scripted answer' };
  private readonly hanging = new Set<ServerResponse>();
  private server: Server | undefined;
  baseUrl = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Answers the next requests in order; after the script, `always` (default: 500). */
  answer(...answers: ScriptedAnswer[]): this {
    this.script = [...answers];
    return this;
  }

  always(answer: ScriptedAnswer): this {
    this.fallback = answer;
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.script = [];
    this.fallback = { status: 500, body: 'no scripted answer' };
    for (const response of this.hanging) response.destroy();
    this.hanging.clear();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    this.requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      atMs: Date.now(),
    });
    const answer = this.script.shift() ?? this.fallback;
    if ('hang' in answer) {
      this.hanging.add(response);
      return;
    }
    const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const json = typeof answer.body === 'object';
    response.writeHead(answer.status, { ...(json ? { 'Content-Type': 'application/json' } : {}), ...answer.headers });
    response.end(body);
  }
}

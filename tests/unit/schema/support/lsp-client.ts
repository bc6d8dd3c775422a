/**
 * A minimal Language Server Protocol client over stdio (JSON-RPC with Content-Length framing), enough to
 * drive a real language server from a test: requests with answers, notifications both ways, and the
 * server's own requests (workspace/configuration) answered from a handler.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

type Message = { jsonrpc: '2.0'; id?: number | string; method?: string; params?: unknown; result?: unknown; error?: { message: string } };

export class LspClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number | string, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, ((params: unknown) => void)[]>();
  /** Answers to the server's requests, by method. */
  onRequest: (method: string, params: unknown) => unknown = () => null;
  stderr = '';

  constructor(command: string, args: string[]) {
    this.child = spawn(command, args, { stdio: 'pipe' });
    this.child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.on('exit', (code) => {
      for (const { reject } of this.pending.values()) reject(new Error(`language server exited (${code}): ${this.stderr}`));
      this.pending.clear();
    });
  }

  private send(message: Message): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())?.[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8')) as Message;
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.dispatch(message);
    }
  }

  private dispatch(message: Message): void {
    if (message.method && message.id !== undefined) {
      this.send({ jsonrpc: '2.0', id: message.id, result: this.onRequest(message.method, message.params) ?? null });
    } else if (message.method) {
      for (const listener of this.listeners.get(message.method) ?? []) listener(message.params);
    } else if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result);
    }
  }

  request<T>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  on(method: string, listener: (params: unknown) => void): () => void {
    this.listeners.set(method, [...(this.listeners.get(method) ?? []), listener]);
    return () =>
      this.listeners.set(
        method,
        (this.listeners.get(method) ?? []).filter((l) => l !== listener),
      );
  }

  async stop(): Promise<void> {
    await this.request('shutdown', null).catch(() => undefined);
    this.notify('exit', null);
    if (this.child.exitCode === null) await new Promise((resolve) => this.child.once('exit', resolve));
  }
}

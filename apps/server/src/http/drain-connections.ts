import type { Socket } from 'node:net';
import type { App } from './types.ts';

/**
 * Lets app.close() finish as soon as the requests in flight are answered. Node's server.close() ends
 * keep-alive connections idle at that moment, but not a connection that has not sent a request yet
 * (browsers and HTTP clients open spare ones ahead of need) nor one that turns idle later: those keep
 * the server open until their timeouts, far beyond the 10 s a stopping server has. So, once closing
 * starts, a connection with no request in flight is ended at once, and any other right after its last
 * response is written.
 */
export function drainConnectionsOnClose(app: App): void {
  const inFlight = new Map<Socket, number>();
  let closing = false;
  const release = (socket: Socket) => {
    if (closing && (inFlight.get(socket) ?? 0) === 0) socket.end();
  };
  app.server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
    // Accepted just as closing began.
    release(socket);
  });
  app.server.on('request', (req, res) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      if (!inFlight.has(socket)) return;
      inFlight.set(socket, Math.max(0, inFlight.get(socket)! - 1));
      release(socket);
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of inFlight.keys()) release(socket);
  });
}

import { startServer } from './start-server.ts';

/** The server as production runs it (`npm run start:prod`); `npm start` adds the demo (tools/demo/start.ts). */
await startServer();

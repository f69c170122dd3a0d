import path from 'node:path';
import { startServer } from '@brokerdesk/server/start-server';
import { prepareDemo } from './prepare-demo.ts';

// npm runs the server's start script in apps/server: without DATA_DIR, the data goes to ./data where
// `npm start` was typed (npm's INIT_CWD, the repository root), as the README says.
process.env.DATA_DIR ??= path.resolve(process.env.INIT_CWD ?? process.cwd(), 'data');

/**
 * `npm start`: the server with the demo preparation (an empty embedded database gets demo data and demo
 * staff; the demo sign-ins are printed). The demo code and faker stay out of the server's own runtime:
 * production runs apps/server/src/main.ts (compiled), which never loads this folder.
 */
await startServer({ beforeStart: prepareDemo });

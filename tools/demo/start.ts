import { startServer } from '@brokerdesk/server/start-server';
import { prepareDemo } from './prepare-demo.ts';

/**
 * `npm start`: the server with the demo preparation (an empty embedded database gets demo data and demo
 * staff; the demo sign-ins are printed). The demo code and faker stay out of the server's own runtime:
 * production runs apps/server/src/main.ts (compiled), which never loads this folder.
 */
await startServer({ beforeStart: prepareDemo });

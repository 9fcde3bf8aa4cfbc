/**
 * Preloaded by bench/profile-service.ts into each service process (`NODE_OPTIONS=--import=…`, where Node 20
 * refuses --cpu-prof): profiles the main thread from SIGUSR2 (sent once the load is warm, so start-up is
 * left out) to exit, and writes a `.cpuprofile` (Chrome DevTools' format) into CPU_PROFILE_DIR. The
 * in-process inspector session answers synchronously, so the profile is taken and written within 'exit'.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 100 });
  process.once('SIGUSR2', () => {
    session.post('Profiler.start');
    process.once('exit', () => {
      session.post('Profiler.stop', (error, result) => {
        if (!error) writeFileSync(join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      });
    });
  });
}

// n8n-core creates its user folder and logger on import: keep both out of the developer's home and quiet.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// One folder a jest worker, inside the run's (globalSetup.js), which is removed after the run.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(process.env.DATATRUCK_TEST_FOLDERS ?? tmpdir(), 'n8n-datatruck-test-'));
process.env.N8N_LOG_LEVEL ??= 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';

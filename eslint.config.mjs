import { config } from '@n8n/node-cli/eslint';
import { globalIgnores } from 'eslint/config';

// nodes/ and credentials/ keep n8n's full Cloud rule set. Test code, the sandbox, benchmarks and
// build scripts run only on developer and CI machines, where `process`, timers and `node:http` are
// exactly what they need, so they are outside what the package ships and what n8n lints.
export default [...config, globalIgnores(['test/**', 'bench/**', 'scripts/**', 'examples/**', '.cache/**', 'gulpfile.js', 'jest.config.js', 'jest.e2e.config.js', 'coverage/**'])];

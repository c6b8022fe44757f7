// A fake OpenAI-compatible model to try the service with a model, or to run e2e tests against, without one:
//   PORT=9700 npx tsx src/service/test-support/fake-model-main.ts
//   WORKFLOW_MODEL_URL=http://127.0.0.1:9700/v1 WORKFLOW_MODEL=fake npm start
import { defaultAnswer } from './fake-model-answers';
import { startFakeModel } from './fake-model';

const port = Number(process.env.PORT ?? 9700);
const fake = await startFakeModel(defaultAnswer, port);
console.log(`Fake model at ${fake.url} (set WORKFLOW_MODEL_URL=${fake.url} WORKFLOW_MODEL=fake)`);
const close = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', close);
process.on('SIGTERM', close);

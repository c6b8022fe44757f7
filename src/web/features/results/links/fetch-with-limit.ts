// The file fetcher moved to lib/ so the batch engine can use it too; the previews still import it from here.
export { FileFetchError, fetchTextWithLimit } from '@/lib/fetch-with-limit';

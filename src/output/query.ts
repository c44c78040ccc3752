// `--query <JMESPath>`: filters and reshapes any JSON output without jq
// installed, as the AWS CLI's --query does (https://jmespath.org/specification.html).
// JMESPath rather than a jq implementation: the jq ports on npm either wrap the
// jq binary or a wasm build, or are small unmaintained subsets; JMESPath has a
// specification with a compliance suite, and @jmespath-community/jmespath is a
// maintained, dependency-free TypeScript implementation of it. It is loaded
// only when --query is given (prepareQuery, awaited in Context.create).
import { UsageError } from '../errors.js';

export type Query = (document: unknown) => unknown;

const HINT = 'JMESPath, as in the AWS CLI: e.g. --query "data[].id" or --query "data[?entity_status==\'ACTIVE\'].{id: id, name: name}"';

/** Compiles `expression` (a syntax error is exit 2 before anything is sent) and returns the filter. */
export async function prepareQuery(expression: string): Promise<Query> {
  const jmespath = await import('@jmespath-community/jmespath');
  try {
    jmespath.compile(expression);
  } catch (e) {
    throw new UsageError(`--query: ${(e as Error).message} (in ${JSON.stringify(expression)})`, HINT);
  }
  return (document) => {
    try {
      // Integers past 2^53 (kept as BigInt by the parser) become their exact digits as a string: never a rounded number.
      const plain = JSON.parse(JSON.stringify(document, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
      return jmespath.search(plain, expression);
    } catch (e) {
      throw new UsageError(`--query: ${(e as Error).message}`, HINT);
    }
  };
}

// Rules that span the whole feed, checked in compact memory.
//
// Repeated ids: within one request the API ignores every copy of a repeated
// id, and across requests the last copy silently wins; both are mistakes, so
// every line of a repeated id is reported.
//
// Variants: products with the same title and brand whose color, size, gender
// or age_group differ are variants of one product; each of them needs an
// item_group_id.
//
// Only 64-bit hashes of ids and titles are kept (HashIndex), never products or
// strings, so memory stays small for any feed. A hash match is confirmed
// against the real values, read back from the feed for the few lines involved
// (`linesToConfirm`), so a collision never produces a false report.
import type { InputProblem } from '../errors/cli-error.js';
import { VARIANT_ATTRIBUTES, type Product } from '../validate/product.js';
import { HashIndex, hash32, hash64 } from './hash-index.js';

export interface LineFacts {
  id?: string | undefined;
  titleKey?: string | undefined;
  /** Values of the variant attributes (color, size, gender, age_group). */
  variant?: string[] | undefined;
}

export function variantOf(p: Product | Record<string, unknown>): string[] {
  return VARIANT_ATTRIBUTES.map((a) => String(p[a] ?? ''));
}

export function titleKeyOf(p: Product | Record<string, unknown>): string | undefined {
  if (p.title === undefined || p.title === null || p.title === '') return undefined;
  return `${String(p.title).trim().toLowerCase()}\u0000${String(p.brand ?? '')
    .trim()
    .toLowerCase()}`;
}

export function idOf(p: Product | Record<string, unknown>): string | undefined {
  const id = p.id;
  const s = typeof id === 'string' ? id.trim() : typeof id === 'number' ? String(id) : '';
  return s || undefined;
}

interface Repeat {
  firstLine: number;
  later: Array<{ line: number; id: string }>;
}

interface VariantClaim {
  line: number;
  id: string | undefined;
  /** The first product seen with this title. */
  firstLine: number;
  /** The other product of the pair. */
  otherLine: number;
  titleKey: string;
  /** Variant attribute values of the later product of the pair. */
  variant: string[];
  /** The claim is about the first product (its id is read back). */
  aboutFirst: boolean;
}

// Title index columns: the first line with two flag bits on top, and a hash of
// its variant attributes. Which attributes differ is worked out when the
// claim is confirmed, from the values read back.
const GROUPED = 0x80000000;
const FLAGGED = 0x40000000;
const LINE_MASK = 0x3fffffff;

export class FeedChecker {
  private ids = new HashIndex(1);
  private repeats = new Map<string, Repeat>();
  private titles = new HashIndex(2);
  private claims: VariantClaim[] = [];

  observe(line: number, product: Product): void {
    const id = idOf(product);
    if (id !== undefined) {
      const [h1, h2] = hash64(id);
      const { at, added } = this.ids.insert(h1, h2);
      if (added) this.ids.set(at, 0, line);
      else {
        const key = `${h1}.${h2}`;
        const r = this.repeats.get(key) ?? { firstLine: this.ids.get(at, 0), later: [] };
        r.later.push({ line, id });
        this.repeats.set(key, r);
      }
    }
    const titleKey = titleKeyOf(product);
    if (titleKey === undefined) return;
    const [t1, t2] = hash64(titleKey);
    const variant = variantOf(product);
    const signature = hash32(variant.join('\u0000'));
    const grouped = product.item_group_id !== undefined;
    const { at, added } = this.titles.insert(t1, t2);
    if (added) {
      this.titles.set(at, 0, ((grouped ? GROUPED : 0) | (line & LINE_MASK)) >>> 0);
      this.titles.set(at, 1, signature);
      return;
    }
    if (this.titles.get(at, 1) === signature) return;
    const head = this.titles.get(at, 0);
    const firstLine = head & LINE_MASK;
    if (!grouped) this.claims.push({ line, id, firstLine, otherLine: firstLine, titleKey, variant, aboutFirst: false });
    if (!(head & GROUPED) && !(head & FLAGGED)) {
      this.titles.set(at, 0, (head | FLAGGED) >>> 0);
      this.claims.push({ line: firstLine, id: undefined, firstLine, otherLine: line, titleKey, variant, aboutFirst: true });
    }
  }

  /** Lines whose id and title must be read back before `problems` (empty when the feed has no cross-feed problem). */
  linesToConfirm(): Set<number> {
    const lines = new Set<number>();
    for (const r of this.repeats.values()) lines.add(r.firstLine);
    for (const c of this.claims) lines.add(c.firstLine);
    return lines;
  }

  /** The cross-feed problems, given the facts read back for `linesToConfirm()`. */
  problems(facts: Map<number, LineFacts>): InputProblem[] {
    const out: InputProblem[] = [];
    for (const r of this.repeats.values()) {
      // Group by the real id: a 64-bit hash collision between two ids splits here.
      const byId = new Map<string, number[]>();
      const firstId = facts.get(r.firstLine)?.id;
      if (firstId !== undefined) byId.set(firstId, [r.firstLine]);
      for (const { line, id } of r.later) byId.set(id, [...(byId.get(id) ?? []), line]);
      for (const [id, lines] of byId) {
        if (lines.length < 2) continue;
        for (const line of lines)
          out.push({
            line,
            field: 'id',
            id,
            message: `repeats on lines ${lines.join(', ')}: the API ignores every copy of a repeated id; keep one`,
          });
      }
    }
    for (const c of this.claims) {
      const first = facts.get(c.firstLine);
      if (first?.titleKey !== c.titleKey || !first.variant) continue;
      const differ = VARIANT_ATTRIBUTES.filter((_, i) => first.variant![i] !== c.variant[i]).join(', ');
      if (!differ) continue;
      const id = c.aboutFirst ? first.id : c.id;
      const message = c.aboutFirst
        ? `is required: this product has variants (line ${c.otherLine} has the same title and brand, different ${differ}); give the variants a common item_group_id`
        : `is required: this product looks like a variant of line ${c.otherLine} (same title and brand, different ${differ}); give the variants a common item_group_id`;
      out.push({ line: c.line, field: 'item_group_id', ...(id !== undefined ? { id } : {}), message });
    }
    return out;
  }
}

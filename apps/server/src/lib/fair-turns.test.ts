import { describe, expect, it } from 'vitest';
import { FairTurns } from './fair-turns';

describe('FairTurns', () => {
  it('serves waiting companies round robin, one turn each, whatever how many each one asks for', async () => {
    const turns = new FairTurns(1);
    const order: string[] = [];
    const first = await turns.acquire('A');
    // A asks for three more turns before B and C ask for one each.
    // Each turn is given back as soon as it is granted (a page done), in the order the turns are granted.
    const asked = ['A', 'A', 'A', 'B', 'C'].map((c) =>
      turns.acquire(c).then((release) => {
        order.push(c);
        setTimeout(release, 1);
      }),
    );
    expect(turns.waiting).toBe(5);
    first();
    await Promise.all(asked);
    expect(order).toEqual(['A', 'B', 'C', 'A', 'A']);
  });

  it('a company that asks again right after its turn waits behind the others', async () => {
    const turns = new FairTurns(1);
    const order: string[] = [];
    const release = await turns.acquire('A');
    const b = turns.acquire('B').then((r) => (order.push('B'), r));
    release();
    const again = turns.acquire('A').then((r) => (order.push('A'), r));
    (await b)();
    (await again)();
    expect(order).toEqual(['B', 'A']);
  });

  it('a release given twice frees one slot only', async () => {
    const turns = new FairTurns(1);
    const release = await turns.acquire('A');
    const b = turns.acquire('B');
    const c = turns.acquire('C');
    release();
    release();
    await b;
    let cGranted = false;
    void c.then(() => (cGranted = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(cGranted).toBe(false);
  });
});

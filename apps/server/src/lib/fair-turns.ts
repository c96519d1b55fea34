/**
 * Turns at a scarce resource (the PDF decoder's core), shared fairly between companies: `acquire(company)` resolves
 * with a `release` when a slot is free and it is that company's turn. Waiting companies are served round robin, one
 * turn each, whatever how many turns each one asks for: a company waits for at most one turn of every other waiting
 * company. In memory, per process (each process has its own cores).
 */
export class FairTurns {
  private free: number;
  /** Waiting companies in their round-robin order, each with its waiters in arrival order. */
  private readonly ring: string[] = [];
  private readonly waiters = new Map<string, (() => void)[]>();

  constructor(slots: number) {
    this.free = slots;
  }

  /** How many turns are waiting (tests, the benchmark). */
  get waiting(): number {
    let n = 0;
    for (const list of this.waiters.values()) n += list.length;
    return n;
  }

  acquire(company: string): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.free += 1;
          this.next();
        });
      };
      if (this.free > 0 && this.ring.length === 0) {
        this.free -= 1;
        grant();
        return;
      }
      const list = this.waiters.get(company);
      if (list) list.push(grant);
      else {
        this.waiters.set(company, [grant]);
        this.ring.push(company);
      }
      this.next();
    });
  }

  private next() {
    while (this.free > 0 && this.ring.length > 0) {
      const company = this.ring.shift()!;
      const list = this.waiters.get(company)!;
      const grant = list.shift()!;
      if (list.length > 0) this.ring.push(company);
      else this.waiters.delete(company);
      this.free -= 1;
      grant();
    }
  }
}

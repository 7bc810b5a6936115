import { describe, expect, it } from "vitest";
import { KeyedMutex } from "../../server/platform/async/keyed-mutex";

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

describe("KeyedMutex", () => {
  it("runs tasks on one key one at a time, in arrival order", async () => {
    const mutex = new KeyedMutex();
    const events: string[] = [];
    let inside = 0;
    let most = 0;
    const task = (name: string) =>
      mutex.run("user:1", async () => {
        inside++;
        most = Math.max(most, inside);
        events.push(`start ${name}`);
        await tick();
        events.push(`end ${name}`);
        inside--;
        return name;
      });
    const results = await Promise.all(["a", "b", "c", "d"].map(task));
    expect(results).toEqual(["a", "b", "c", "d"]);
    expect(most).toBe(1);
    expect(events).toEqual(["start a", "end a", "start b", "end b", "start c", "end c", "start d", "end d"]);
    expect(mutex.size).toBe(0);
  });

  it("lets different keys run at the same time", async () => {
    const mutex = new KeyedMutex();
    let inside = 0;
    let most = 0;
    await Promise.all(
      ["user:1", "user:2", "tenant:1"].map((key) =>
        mutex.run(key, async () => {
          inside++;
          most = Math.max(most, inside);
          await tick(20);
          inside--;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(mutex.size).toBe(0);
  });

  it("releases the key when a task fails, and passes the failure on", async () => {
    const mutex = new KeyedMutex();
    const failing = mutex.run("tenant:1", async () => {
      await tick();
      throw new Error("boom");
    });
    const next = mutex.run("tenant:1", async () => "ran");
    await expect(failing).rejects.toThrow("boom");
    await expect(next).resolves.toBe("ran");
    expect(mutex.size).toBe(0);
  });
});

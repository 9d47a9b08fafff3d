import { describe, expect, it } from 'vitest';
import { GrepFileFeed } from './grep-file-feed.js';

const file = (name: string) => ({ open: `/real/${name}`, show: `/shown/${name}` });

describe('GrepFileFeed', () => {
  it('PF-3: a wait resolves once the feed holds the files asked for, or has ended', async () => {
    const feed = new GrepFileFeed();
    const events: string[] = [];
    const two = feed.waitFor(2).then(() => events.push(`two: ${feed.files.length}`));
    feed.add(file('a'));
    await Promise.resolve();
    expect(events).toEqual([]);
    feed.add(file('b'));
    await two;
    const many = feed.waitFor(10).then(() => events.push(`ended: ${String(feed.ended)}`));
    feed.add(file('c'));
    feed.end();
    await many;
    expect(events).toEqual(['two: 2', 'ended: true']);
    expect(feed.files.map((entry) => entry.show)).toEqual(['/shown/a', '/shown/b', '/shown/c']);
    await expect(feed.waitFor(Number.POSITIVE_INFINITY)).resolves.toBeUndefined();
    expect(GrepFileFeed.of([file('x')])).toMatchObject({ ended: true, files: [file('x')] });
  });

  it('PF-3: a walk that fails fails the waits, those pending and those to come', async () => {
    const feed = new GrepFileFeed();
    const pending = feed.waitFor(5);
    const error = new Error('the walk failed');
    feed.fail(error);
    await expect(pending).rejects.toBe(error);
    await expect(feed.waitFor(1)).rejects.toBe(error);
    expect(() => feed.throwIfFailed()).toThrow(error);
    expect(new GrepFileFeed().throwIfFailed()).toBeUndefined();
  });
});

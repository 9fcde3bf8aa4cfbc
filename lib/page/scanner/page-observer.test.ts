// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SMALL_MUTATION_BATCH } from '#extension/limits.ts';
import { addressSources } from '#page/sources/index.ts';
import { createPageObserver } from './page-observer.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** An observer of the page whose index, planner and scheduler only note what they are told. */
function observedPage() {
  const told = {
    index: {
      forgetText: vi.fn(),
      readElement: vi.fn(),
      isAboveFound: vi.fn((element: Element) => element.id === 'record'),
      moved: vi.fn(),
    },
    planner: { add: vi.fn(), addAll: vi.fn(), sweepSoon: vi.fn(), recheckSoon: vi.fn() },
    scheduler: { schedule: vi.fn(), sliceNow: vi.fn() },
    onSourceChanged: vi.fn(),
  };
  const observer = createPageObserver(
    addressSources({ gmailIntegration: false, outlookIntegration: false }, 'example.com'),
    told.index,
    told.planner,
    told.scheduler,
    told.onSourceChanged,
  );
  observer.observe(document.body);
  return { ...told, observer };
}

/** Mutation records are delivered in a microtask. */
const delivered = () => new Promise((resolve) => setTimeout(resolve));

describe('page observer', () => {
  it('queues the nodes added to a parent, and scans a few of them at once', async () => {
    const { planner, scheduler } = observedPage();
    const message = document.createElement('p');
    message.textContent = 'new@example.com';
    document.body.append(message);
    await delivered();
    const [parent, nodes] = planner.addAll.mock.lastCall ?? [];
    expect(parent).toBe(document.body);
    expect([...(nodes as NodeList)]).toEqual([message]);
    expect(scheduler.sliceNow).toHaveBeenCalledTimes(1);
    expect(scheduler.schedule).not.toHaveBeenCalled();
  });

  it('leaves a flood of added nodes for idle time', async () => {
    const { planner, scheduler } = observedPage();
    const rows = document.createDocumentFragment();
    for (let i = 0; i <= SMALL_MUTATION_BATCH; i++) rows.append(document.createElement('p'));
    document.body.append(rows);
    await delivered();
    // One record in a browser; happy-dom gives one per node. The batch is judged by all of them.
    const queued = planner.addAll.mock.calls.reduce((sum, [, nodes]) => sum + (nodes as NodeList).length, 0);
    expect(queued).toBe(SMALL_MUTATION_BATCH + 1);
    expect(scheduler.schedule).toHaveBeenCalledTimes(1);
    expect(scheduler.sliceNow).not.toHaveBeenCalled();
  });

  it('forgets a changed text and queues it to be read again', async () => {
    document.body.innerHTML = '<p>old@example.com</p>';
    const text = document.querySelector('p')?.firstChild as Text;
    const { index, planner, scheduler } = observedPage();
    text.data = 'new@example.com';
    await delivered();
    expect(index.forgetText).toHaveBeenCalledWith(text);
    expect(planner.add).toHaveBeenCalledWith(text);
    expect(scheduler.sliceNow).toHaveBeenCalledTimes(1);
  });

  it('has removed subtrees swept, in a slice of its own when nothing was added', async () => {
    document.body.innerHTML = '<p>gone@example.com</p>';
    const { planner, scheduler } = observedPage();
    document.querySelector('p')?.remove();
    await delivered();
    expect(planner.sweepSoon).toHaveBeenCalledTimes(1);
    expect(scheduler.schedule).toHaveBeenCalledTimes(1);
    expect(scheduler.sliceNow).not.toHaveBeenCalled();
  });

  it("reads a source's changed attribute at once, and only the attributes sources read", async () => {
    document.body.innerHTML = '<a href="mailto:old@example.com">Write</a>';
    const link = document.querySelector('a') as HTMLAnchorElement;
    const { index, onSourceChanged, planner } = observedPage();
    link.title = 'Not read by any source';
    link.href = 'mailto:new@example.com';
    await delivered();
    expect(index.readElement).toHaveBeenCalledTimes(1);
    expect(index.readElement).toHaveBeenCalledWith(link);
    expect(onSourceChanged).toHaveBeenCalledTimes(1);
    expect(planner.add).not.toHaveBeenCalled();
  });

  it('has places judged anew, in idle time, when a class, style or hidden changes above them, and only then', async () => {
    document.body.innerHTML = '<div id="record"><p>rosa@example.com</p></div><div id="spinner"></div>';
    const record = document.getElementById('record') as HTMLElement;
    const { index, planner, scheduler } = observedPage();
    (document.getElementById('spinner') as HTMLElement).className = 'turning';
    record.setAttribute('aria-hidden', 'true');
    await delivered();
    expect(planner.recheckSoon).not.toHaveBeenCalled();
    expect(scheduler.schedule).not.toHaveBeenCalled();
    record.className = 'cached';
    record.hidden = true;
    record.style.display = 'none';
    await delivered();
    expect(planner.recheckSoon.mock.calls).toEqual([[record], [record], [record]]);
    expect(index.readElement).not.toHaveBeenCalled();
    expect(scheduler.schedule).toHaveBeenCalledTimes(1);
    expect(scheduler.sliceNow).not.toHaveBeenCalled();
  });

  it('tells the index where an added element went', async () => {
    const { index } = observedPage();
    const moved = document.createElement('p');
    document.body.append(moved);
    await delivered();
    expect(index.moved).toHaveBeenCalledWith(moved, document.body);
  });

  it('watches an open shadow root it is given like the page, and nothing once disconnected', async () => {
    const host = document.createElement('contact-card');
    const shadow = host.attachShadow({ mode: 'open' });
    document.body.append(host);
    const { planner, observer } = observedPage();
    await delivered();
    planner.addAll.mockClear();
    observer.observe(shadow);
    shadow.append(document.createElement('p'));
    await delivered();
    expect(planner.addAll).toHaveBeenCalledWith(shadow, expect.anything());
    observer.disconnect();
    document.body.append(document.createElement('p'));
    await delivered();
    expect(planner.addAll).toHaveBeenCalledTimes(1);
  });
});

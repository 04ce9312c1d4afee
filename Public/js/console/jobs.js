// Console › Media jobs: how many jobs are queued, running, done and failed; each failed job with
// its song and reason, and a Retry button that queues it again.
import * as endpoints from '../endpoints-staff.js';
import { t } from '../i18n.js';
import { h, load, toast } from '../ui.js';
import { admin, act, figures, emptyNote, number, when, known } from './admin.js';

function failedJob(job, refresh) {
  const retry = h('button', { class: 'btn btn-small', type: 'button', 'aria-label': t('console.jobs.retryNamed', { title: job.title || job.trackId || '' }),
    onclick: () => act(retry, async () => {
      await admin.post(endpoints.adminJobRetry(job.id));
      toast(t('console.jobs.queued', { title: job.title || job.trackId || '' }), 'success');
      await refresh();
      document.getElementById('jobs-refresh')?.focus(); // the row is gone
    }) }, t('console.jobs.retry'));
  return h('li', { class: 'console-item console-job', dataset: { jobId: job.id } },
    h('div', { class: 'console-item-main' },
      h('p', { class: 'console-item-title' }, job.title || job.trackId || job.id, ' ',
        h('span', { class: 'console-badge' }, known(`console.jobs.kind.${job.kind}`, job.kind))),
      h('p', { class: 'track-sub' }, [t('console.jobs.attempts', { n: job.attempts ?? 0 }), when(job.updatedAt)].filter(Boolean).join(' · ')),
      job.error ? h('pre', { class: 'console-error' }, job.error) : null),
    h('div', { class: 'row-actions' }, retry));
}

export async function render(container) {
  const body = h('div', { id: 'jobs' });
  const refresh = () => load(body, () => admin.get(endpoints.adminJobs), (data) => {
    const failed = data.failedJobs || [];
    body.append(
      figures([
        [t('console.jobs.queuedCount'), number(data.queued), 'jobs-queued', data.queued],
        [t('console.jobs.running'), number(data.running), 'jobs-running', data.running],
        [t('console.jobs.done'), number(data.done), 'jobs-done', data.done],
        [t('console.jobs.failed'), number(data.failed), 'jobs-failed', data.failed],
      ], 'jobs-figures'),
      h('div', { class: 'console-chart-head' },
        h('h2', {}, t('console.jobs.failedTitle')),
        h('button', { class: 'btn btn-small', type: 'button', id: 'jobs-refresh', onclick: () => refresh() }, t('console.jobs.refresh'))),
      failed.length
        ? h('ul', { class: 'console-list', role: 'list', id: 'failed-jobs' }, failed.map((job) => failedJob(job, refresh)))
        : emptyNote(t('console.jobs.noneFailed'), 'jobs-none-failed'));
  });
  container.append(h('p', { class: 'lead' }, t('console.jobs.intro')), body);
  await refresh();
}

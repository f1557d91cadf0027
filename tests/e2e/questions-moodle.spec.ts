import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

/** A Moodle XML file (as https://docs.moodle.org/en/Moodle_XML_format describes it) with one question we refuse. */
function moodleFile(stamp: number): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Zone ${stamp}</text></name>
    <questiontext format="html"><text><![CDATA[<p>Who described the zone of proximal development? ${stamp}</p>]]></text></questiontext>
    <answer fraction="100"><text>Vygotsky</text></answer>
    <answer fraction="0"><text>Piaget</text></answer>
    <single>true</single>
  </question>
  <question type="truefalse">
    <name><text>Play ${stamp}</text></name>
    <questiontext format="html"><text>Play is how young children learn. ${stamp}</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="essay">
    <name><text>Essay ${stamp}</text></name>
    <questiontext format="html"><text>Write about play.</text></questiontext>
  </question>
</quiz>
`);
}

test('an admin imports a Moodle XML file: sees the preview, confirms, and the questions are in the bank', async ({
  page,
}) => {
  const stamp = Date.now();
  await loginAs(page, 'admin');
  await page.goto('/admin/questions');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Manage Questions' })).toBeVisible();

  await page.getByLabel('Import format').selectOption('moodle_xml');
  // The file names no category, so its questions go to the chosen micro topic.
  const topic = page.getByLabel('Micro topic for questions that name none');
  await topic.selectOption({ index: 1 });
  const topicLabel = (await topic.locator('option:checked').textContent())!;
  await page.getByLabel('File to import', { exact: true }).setInputFiles({
    name: 'moodle-questions.xml',
    mimeType: 'application/xml',
    buffer: moodleFile(stamp),
  });

  const preview = page.getByRole('region', { name: 'File import preview' });
  await expect(preview).toContainText(
    'Nothing is imported until you confirm. 2 questions will be imported, 1 rejected.',
  );
  const accepted = preview.getByRole('table', { name: 'Questions in the file' });
  await expect(accepted.getByRole('row')).toHaveCount(3);
  await expect(
    accepted.getByRole('row', { name: /Single choice.*zone of proximal development/ }),
  ).toBeVisible();
  await expect(accepted.getByRole('row', { name: /True \/ false.*Play is how/ })).toBeVisible();
  await expect(accepted).toContainText(topicLabel.split(' (')[0]!);
  const rejected = preview.getByRole('table', { name: 'Rejected' });
  await expect(
    rejected.getByRole('row', { name: /Essay .*essay questions are not supported/ }),
  ).toBeVisible();

  // Nothing is in the bank before the confirmation.
  await page.getByLabel('Search questions').fill(String(stamp));
  const bank = page.getByRole('table', { name: 'Questions' });
  await expect(page.getByText('No question matches these filters.')).toBeVisible();

  await preview.getByRole('button', { name: 'Import 2 questions' }).click();
  await expect(page.getByText('2 questions imported.')).toBeVisible();
  await expect(preview).toBeHidden();
  await expect(bank.getByRole('row', { name: /zone of proximal development/ })).toBeVisible();
  await expect(bank.getByRole('row', { name: /Play is how young children learn/ })).toBeVisible();

  // The same file again: the preview says both are already in the bank, and there is nothing to import.
  await page.getByLabel('File to import', { exact: true }).setInputFiles({
    name: 'moodle-questions.xml',
    mimeType: 'application/xml',
    buffer: moodleFile(stamp),
  });
  await expect(preview).toContainText('0 questions will be imported, 2 already in the bank, 1 rejected.');
  await expect(preview.getByRole('button', { name: 'Import 0 questions' })).toBeDisabled();
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toBeHidden();
});

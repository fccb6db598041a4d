import { expect, test } from './fixtures';

/** The technician's price book: kept in the point of sale, picked into quotes, CSV out. */
test('a technician keeps a price book, picks a quote line from it, saves a typed line to it and exports it', async ({
  page,
  signIn,
}) => {
  await signIn();
  const stamp = Date.now();
  const filter = `Cabin air filter ${stamp}`;
  await page.goto('/pos-system');
  await page.getByRole('tab', { name: 'Price Book' }).click();
  const book = page.getByRole('tabpanel', { name: 'Price Book' });
  const form = book.getByRole('form', { name: 'Price book item' });
  await form.getByLabel('Name').fill(filter);
  await form.getByLabel('Price ($)').fill('34');
  await form.getByLabel('Your cost ($)').fill('12');
  await form.getByLabel('Part number').fill('CAF-22');
  await form.getByRole('button', { name: 'Add to price book' }).click();
  await expect(page.getByText('Item added')).toBeVisible();
  const item = book.getByTestId('price-book-item').filter({ hasText: filter });
  await expect(item).toContainText('$34.00 · cost $12.00 · margin 64.7% · CAF-22');
  // A price that is not money is refused by the form's button.
  await form.getByLabel('Name').fill(`Bad ${stamp}`);
  await form.getByLabel('Price ($)').fill('12.345');
  await form.getByRole('button', { name: 'Add to price book' }).click();
  await expect(form.getByRole('alert')).toContainText('whole cents');

  // Create Quote: the line comes from the book, at its price.
  await page.getByRole('tab', { name: 'Create Quote' }).click();
  await page.getByLabel('Add from price book').selectOption({ label: `${filter} ($34.00)` });
  await expect(page.getByLabel('Part description')).toHaveValue(filter);
  await expect(page.getByLabel('Unit Price')).toHaveValue('34.00');
  await expect(page.getByLabel('Part Number')).toHaveValue('CAF-22');
  // A typed labor line, kept in the book.
  await page.getByRole('button', { name: 'Add Labor' }).click();
  await page.getByLabel('Labor description').fill(`Cabin filter swap ${stamp}`);
  await page.getByLabel('Rate per Hour').fill('40');
  await page.getByRole('button', { name: 'Save item 2 to the price book' }).click();
  await expect(page.getByText('Saved to your price book')).toBeVisible();

  await page.getByRole('tab', { name: 'Price Book' }).click();
  await book.getByLabel('Search the price book').fill(String(stamp));
  await expect(book.getByTestId('price-book-item')).toHaveCount(2);
  const csv = await page.request.get(
    (await book.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!,
  );
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text.split('\r\n')[0]).toBe('Name,Kind,Unit price,Cost,Part number,Description');
  expect(text).toContain(`${filter},part,34.00,12.00,CAF-22,`);
  expect(text).toContain(`Cabin filter swap ${stamp},labor,40.00,,,`);
});

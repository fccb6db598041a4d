import { expect, test } from './fixtures';

test('search by name from the Find a Technician dialog', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Find a Technician' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find a Technician' });
  await dialog.getByRole('button', { name: 'Search by Name' }).click();
  const search = dialog.getByRole('button', { name: 'Search' });
  await expect(search).toBeDisabled();
  await dialog.getByLabel('Technician Name').fill('Marcus');
  await search.click();
  await expect(page).toHaveURL(/\/technicians\?name=Marcus/);
  await expect(page.getByRole('link', { name: 'Marcus Johnson' })).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 technicians')).toBeVisible();
});

test('search by distance, with Back and reset on close', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Find a Technician' }).click();
  let dialog = page.getByRole('dialog', { name: 'Find a Technician' });
  await dialog.getByRole('button', { name: 'Search by Distance' }).click();
  await expect(dialog.getByLabel('Distance')).toHaveValue('25');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('button', { name: 'Search by Name' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Search by Distance' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Find a Technician' }).click();
  dialog = page.getByRole('dialog', { name: 'Find a Technician' });
  await expect(dialog.getByRole('button', { name: 'Search by Name' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Search by Distance' }).click();
  await dialog.getByLabel('Your Location').fill('Hyattsville, MD');
  await dialog.getByLabel('Distance').selectOption('5');
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(
    /location=Hyattsville%2C\+MD&maxDistance=5|location=Hyattsville%2C%20MD&maxDistance=5/,
  );
  await expect(page.getByRole('link', { name: 'Marcus Johnson' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tyrone Williams' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Derrick Okafor' })).toHaveCount(0); // Waldorf
  await expect(page.getByText(/\d\.\d miles away/).first()).toBeVisible();
});

test('filters live in the URL; no results offers Clear Filters', async ({ page }) => {
  await page.goto('/technicians');
  await expect(page.getByText(/Showing \d+ of \d+ technicians/)).toBeVisible();
  await page.getByLabel('Service Type').selectOption('Transmission');
  await expect(page).toHaveURL(/serviceType=Transmission/);
  await page.getByLabel('Location', { exact: true }).fill('Mechanicsville, MD');
  await page.getByLabel('Location', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/location=Mechanicsville/);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Max Distance').selectOption('5');
  await expect(page.getByRole('heading', { name: 'No technicians found' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No technicians found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/technicians$/);
  await expect(page.getByText(/Showing \d+ of \d+ technicians/)).toBeVisible();
});

test('open a profile and contact the technician', async ({ page }) => {
  await page.goto('/technicians?name=Aisha');
  await page.getByRole('link', { name: 'Aisha Thompson' }).click();
  await expect(page.getByRole('heading', { name: 'Aisha Thompson', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Specialties' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Certifications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View All Reviews (6)' })).toBeVisible();
  await page.getByRole('button', { name: 'Contact Aisha' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Your Name').fill('Pat Driver');
  await dialog.getByLabel('Email').fill('pat@example.com');
  await dialog.getByLabel('Service Type (optional)').selectOption('Electrical');
  await dialog.getByLabel('Message').fill('My dashboard lights flicker.');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Contact request sent!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'View All Reviews (6)' }).click();
  // Five at a time.
  await expect(page.getByText('Showing 5 of 6 reviews')).toBeVisible();
  await page.getByRole('button', { name: 'Load more reviews' }).click();
  await expect(
    page.getByRole('listitem').filter({ has: page.getByRole('img', { name: /Rated/ }) }),
  ).toHaveCount(6);
});

test('unknown technician shows Technician Not Found', async ({ page }) => {
  await page.goto('/technician/999999');
  await expect(page.getByRole('heading', { name: 'Technician Not Found' })).toBeVisible();
  await expect(page.getByText("The technician you're looking for doesn't exist.")).toBeVisible();
});

test('request service from the quick-search prefill', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Service Type').selectOption('Brake Service');
  await page.getByLabel('Location', { exact: true }).fill('Bowie, MD');
  await page.getByLabel('Vehicle Year').fill('2018');
  await page.getByLabel('Vehicle Make').fill('Honda');
  await page.getByLabel('Vehicle Model').fill('Civic');
  await page.getByRole('button', { name: 'Request Service' }).last().click();
  await expect(page).toHaveURL(
    /\/request-service\?serviceType=Brake\+Service&location=Bowie%2C\+MD&vehicleYear=2018&vehicleMake=Honda&vehicleModel=Civic/,
  );
  await expect(page.getByRole('heading', { name: 'Request Automotive Service' })).toBeVisible();
  await expect(page.getByLabel('Service Type *')).toHaveValue('Brake Service');
  await expect(page.getByLabel('Vehicle Make *')).toHaveValue('Honda');
  await expect(page.getByLabel('Urgency')).toHaveValue('medium');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await page.getByLabel('Full Name *').fill('Jamie Rivera');
  await page.getByLabel('Email *').fill('jamie@example.com');
  await page.getByLabel('Problem Description *').fill('Grinding noise when braking.');
  await page.getByLabel('Urgency').selectOption('high');
  await expect(page.getByRole('heading', { name: 'What Happens Next?' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Service request submitted!')).toBeVisible();
  // The request's page takes over (with its signed link), not a cleared form.
  await expect(page).toHaveURL(/\/requests\/WR-\d{6}\?t=[\w-]+$/);
});

test('contact form validates with the spec texts and sends', async ({ page }) => {
  await page.goto('/contact-us');
  await page.getByLabel('Name').fill('J');
  await page.getByLabel('Email').fill('bad');
  await page.getByLabel('Subject').fill('Hi');
  await page.getByLabel('Message').fill('Short');
  await page.getByRole('button', { name: 'Send Message' }).click();
  for (const t of [
    'Name must be at least 2 characters',
    'Please enter a valid email address',
    'Subject must be at least 5 characters',
    'Message must be at least 10 characters',
  ]) {
    await expect(page.getByText(t)).toBeVisible();
  }
  await page.getByLabel('Name').fill('Jo Smith');
  await page.getByLabel('Email').fill('jo@example.com');
  await page.getByLabel('Subject').fill('Question about service');
  await page.getByLabel('Message').fill('Do you cover Arlington, VA?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message Sent Successfully')).toBeVisible();
  await expect(page.getByText('support@wrenchly.com')).toBeVisible();
});

test('FAQ items open independently and the price comes from the plans', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.locator('details')).toHaveCount(10);
  await page.getByText('How much does it cost?').click();
  await page.getByText('How are technicians verified?').click();
  await expect(page.locator('details[open]')).toHaveCount(2);
  await expect(page.getByText(/plans start at \$2\.99 per month/)).toBeVisible();
});

test('chat helper answers after a second and offers Request Service', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open chat helper' }).click();
  const chat = page.getByRole('region', { name: 'Chat helper' });
  await chat.getByRole('button', { name: 'Brakes squeaking' }).click();
  await expect(chat.getByRole('button', { name: "Car won't start" })).toBeHidden();
  await expect(chat.getByText(/worn pads or rotors/)).toBeVisible({ timeout: 3000 });
  await expect(chat.getByRole('link', { name: 'Request Service' })).toBeVisible();
  await chat.getByLabel('Describe your car issue').fill('my AC blows warm air');
  await chat.getByRole('button', { name: 'Send message' }).click();
  await expect(chat.getByText(/refrigerant/)).toBeVisible({ timeout: 3000 });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the technician list fits the screen', async ({ page }) => {
    await page.goto('/technicians');
    await expect(page.getByText(/Showing \d+ of \d+ technicians/)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

/**
 * Held-out prompts, written the way people type them, to judge the planner on prompts its rules
 * were not written against. Never tune the planner to one of them: a rule must come from the
 * language, with its own unit test on other sentences. Scored by `score.ts`.
 */
export interface HeldOutPrompt {
  prompt: string;
  /** Names a person would accept, spelled as people spell them ("YouTube", "SEO"): compared exactly. */
  names: string[];
  /** Each input the workflow needs, as the keys that would count for it. */
  inputs: string[][];
  /** What the local service cannot do and must say so: schedule, trigger, integration, browsing, an output it cannot make. */
  notes?: ('schedule' | 'trigger' | 'integration' | 'browsing' | 'output')[];
}

/** The first set (issue 14). */
const FIRST_SET: HeldOutPrompt[] = [
  {
    prompt:
      'Enrich a lead: given their email address and company website, find the company size, industry and LinkedIn page, and return a short summary.',
    names: ['Enrich Lead', 'Lead Enrichment'],
    inputs: [
      ['email_address', 'email'],
      ['company_website', 'website'],
    ],
  },
  {
    prompt:
      'Triage incoming support tickets: read the ticket text and tell me if it is a bug, a billing question or a feature request, and how urgent it is.',
    names: ['Triage Support Ticket', 'Support Ticket Triage'],
    inputs: [['ticket_text', 'support_ticket', 'ticket']],
  },
  {
    prompt: "Find the company's headquarters, industry and employee count from its name and return a JSON object.",
    names: ['Company Profile'],
    inputs: [['company_name', 'name']],
  },
  {
    prompt:
      'Check a refund request: given the order number, purchase date and the reason, decide if it is within our 30 day policy and write a reply to the customer.',
    names: ['Check Refund Request', 'Refund Request Check'],
    inputs: [['order_number'], ['purchase_date'], ['reason', 'refund_reason']],
  },
  {
    prompt: 'Every Monday, pull the daily closing prices for a list of stock tickers and add them to a Google Sheet.',
    names: ['Daily Closing Prices', 'Closing Prices'],
    inputs: [['stock_tickers', 'tickers']],
    notes: ['schedule', 'integration'],
  },
  {
    prompt:
      'Generate an invoice for a client with the client name, billing address, a list of line items (description, quantity, unit price) and a due date, as a PDF.',
    names: ['Invoice', 'Client Invoice'],
    inputs: [['client_name'], ['billing_address'], ['line_items'], ['due_date']],
  },
  {
    prompt: 'Summarize a YouTube video from its URL',
    names: ['Summarize YouTube Video', 'YouTube Video Summary', 'Video Summary'],
    inputs: [['url', 'video_url', 'youtube_url']],
    notes: ['browsing'],
  },
  {
    prompt: "Write an onboarding welcome email for a new hire using their name, start date, team and manager's name",
    names: ['Onboarding Welcome Email', 'Welcome Email'],
    inputs: [['name', 'new_hire_name', 'hire_name'], ['start_date'], ['team'], ['manager_name']],
  },
  {
    prompt:
      "Screen a job application: take the candidate's resume text and the job description and rate the fit from 1 to 10.",
    names: ['Screen Job Application', 'Job Application Screening'],
    inputs: [['resume_text', 'resume', 'candidate_resume_text'], ['job_description']],
  },
  {
    prompt: 'Create a weekly sales report from a CSV of deals with deal name, amount, stage and close date',
    names: ['Weekly Sales Report', 'Sales Report'],
    inputs: [['deals']],
  },
  {
    prompt:
      "Draft a reply to a customer complaint. Use the customer's name, the order number and the complaint text. Tone should be apologetic or neutral.",
    names: ['Complaint Reply', 'Customer Complaint Reply', 'Customer Reply'],
    inputs: [['customer_name'], ['order_number'], ['complaint_text', 'complaint'], ['tone']],
  },
  {
    prompt:
      'Book a dentist appointment: collect the patient name, appointment date and time, phone number and clinic name, and send a confirmation.',
    names: ['Book Dentist Appointment', 'Book Appointment', 'Appointment Confirmation', 'Dentist Appointment'],
    inputs: [
      ['patient_name'],
      ['appointment_date_and_time', 'appointment_datetime', 'appointment_date_time', 'appointment_date'],
      ['phone_number'],
      ['clinic_name'],
    ],
  },
  {
    prompt: 'Build a sales pipeline summary for a date range (start date and end date) and a sales region.',
    names: ['Sales Pipeline Summary', 'Pipeline Summary'],
    inputs: [['start_date'], ['end_date'], ['sales_region', 'region']],
  },
  {
    prompt:
      'Prepare a shipping label for an order: recipient name, address, parcel weight in kg, and whether express delivery is requested.',
    names: ['Shipping Label'],
    inputs: [
      ['recipient_name'],
      ['address'],
      ['parcel_weight', 'weight'],
      ['express_delivery', 'express_delivery_requested', 'requested'],
    ],
  },
  {
    prompt:
      'Make a cover page for a contract. The user picks whether it is an NDA, MSA or SOW, and gives the two party names and the signing date.',
    names: ['Contract Cover Page', 'Cover Page'],
    inputs: [['contract_type', 'type'], ['party_names'], ['signing_date']],
  },
  {
    prompt:
      'Write a blog post outline about a topic for a target audience, with a tone of voice that is one of friendly, expert or playful.',
    names: ['Blog Post Outline'],
    inputs: [['topic'], ['target_audience', 'audience'], ['tone', 'tone_of_voice', 'voice']],
  },
  {
    prompt: 'Go through the list of changed files in a pull request and write release notes.',
    names: ['Release Notes'],
    inputs: [['changed_files', 'files']],
  },
  {
    prompt: "Calculate an employee's holiday allowance from their start date, contract hours per week and country.",
    names: ['Holiday Allowance'],
    inputs: [['start_date'], ['contract_hours', 'contract_hours_per_week', 'hours_per_week'], ['country']],
  },
  {
    prompt: "Every Friday at 5pm, email the team a summary of the week's closed support tickets.",
    names: [
      'Support Ticket Summary',
      'Closed Support Tickets Summary',
      'Weekly Support Summary',
      'Support Tickets Summary',
    ],
    inputs: [['support_tickets', 'closed_support_tickets', 'tickets']],
    notes: ['schedule', 'integration'],
  },
  {
    prompt: 'Turn meeting notes into a list of action items with owners and deadlines and post it to Slack.',
    names: ['Meeting Action Items', 'Action Items'],
    inputs: [['meeting_notes']],
    notes: ['integration'],
  },
  {
    prompt: 'Score inbound leads from a spreadsheet of leads with name, company, job title and budget.',
    names: ['Score Leads', 'Score Lead', 'Lead Scoring', 'Score Inbound Leads', 'Inbound Lead Score'],
    inputs: [['leads']],
  },
  {
    prompt:
      'Generate a performance review draft for an employee: employee name, role, review period (start date and end date), and a list of achievements.',
    names: ['Performance Review Draft', 'Performance Review'],
    inputs: [['employee_name'], ['role'], ['start_date'], ['end_date'], ['achievements']],
  },
  {
    prompt: 'Translate a product description into French, German or Spanish.',
    names: ['Translate Product Description', 'Product Description Translation'],
    inputs: [['product_description'], ['language']],
  },
  {
    prompt:
      'Write a LinkedIn post announcing a product launch, given the product name, launch date and three key features.',
    names: ['LinkedIn Post', 'Product Launch Post'],
    inputs: [['product_name'], ['launch_date'], ['key_features', 'features']],
  },
  {
    prompt:
      'Check if an expense claim follows policy: the amount, category, receipt date and whether a receipt is attached.',
    names: ['Check Expense Claim', 'Expense Claim Check'],
    inputs: [['amount'], ['category'], ['receipt_date'], ['receipt_attached', 'attached']],
  },
  {
    prompt: 'Monitor competitor websites daily and tell me when their pricing page changes.',
    names: ['Monitor Competitor Websites', 'Competitor Pricing Monitor', 'Competitor Websites'],
    inputs: [['competitor_websites', 'websites', 'competitor_urls', 'urls']],
    notes: ['schedule', 'browsing'],
  },
  {
    prompt: 'Create a purchase order from a supplier name, delivery address and the list of items to order.',
    names: ['Purchase Order'],
    inputs: [['supplier_name'], ['delivery_address'], ['items']],
  },
  {
    prompt: 'Summarize customer feedback survey responses and pull out the most common complaints.',
    names: ['Summarize Customer Feedback', 'Customer Feedback Summary', 'Survey Responses Summary', 'Feedback Summary'],
    inputs: [['survey_responses', 'customer_feedback_survey_responses', 'responses', 'feedback']],
  },
  {
    prompt:
      'Draft an offer letter for a candidate with the candidate name, job title, salary, start date and whether the role is remote.',
    names: ['Offer Letter'],
    inputs: [['candidate_name'], ['job_title'], ['salary'], ['start_date'], ['remote', 'role_remote', 'is_remote']],
  },
  {
    prompt: 'Make a monthly marketing report for a channel (one of email, paid search or social) and a month.',
    names: ['Monthly Marketing Report', 'Marketing Report'],
    inputs: [['channel'], ['month']],
  },
  {
    prompt: 'Research a prospect company from its website URL and write three personalized cold email openers.',
    names: ['Research Prospect Company', 'Cold Email Openers', 'Prospect Research'],
    inputs: [['website_url', 'url', 'website']],
    notes: ['browsing'],
  },
  {
    prompt:
      'Reconcile an invoice against a purchase order: invoice number, PO number, invoice total and PO total. Flag any mismatch.',
    names: ['Reconcile Invoice', 'Invoice Reconciliation'],
    inputs: [['invoice_number'], ['po_number'], ['invoice_total'], ['po_total']],
  },
  {
    prompt: 'Produce an SEO meta description for a web page given its title and target keyword, max 160 characters.',
    names: ['SEO Meta Description', 'Meta Description'],
    inputs: [
      ['page_title', 'title', 'web_page_title'],
      ['target_keyword', 'keyword'],
    ],
  },
  {
    prompt: 'When a new employee is added in BambooHR, create their IT access checklist based on department and role.',
    names: ['IT Access Checklist', 'Access Checklist'],
    inputs: [['department'], ['role']],
    notes: ['trigger', 'integration'],
  },
  {
    prompt: 'Categorize bank transactions from a list of transactions with date, description and amount.',
    names: ['Categorize Bank Transactions', 'Categorize Transactions', 'Transaction Categorization'],
    inputs: [['transactions', 'bank_transactions']],
  },
  {
    prompt: 'From a customer email address and their order ID, check where the order is and write them a short update.',
    names: ['Order Update', 'Short Update'],
    inputs: [['customer_email', 'email', 'email_address'], ['order_id']],
    notes: ['output'],
  },
  {
    prompt: 'Given a LinkedIn profile URL, research the person and draft a personalised connection message.',
    names: ['Connection Message', 'Personalised Connection Message'],
    inputs: [['linkedin_profile_url', 'profile_url', 'url']],
    notes: ['browsing'],
  },
];

/**
 * The second set (issue 22): support, sales, finance, HR, marketing, shops and reports, several naming
 * an acronym or a brand, written before the naming rules of that issue.
 */
const SECOND_SET: HeldOutPrompt[] = [
  {
    prompt:
      'Triage support tickets: for each ticket, read the message and reply with the category (billing, technical or account) and a priority.',
    names: ['Support Ticket Triage', 'Triage Support Tickets', 'Triage Support Ticket', 'Ticket Triage'],
    inputs: [['message', 'ticket', 'ticket_text', 'support_ticket', 'tickets', 'support_tickets']],
  },
  {
    prompt: 'look up where a company is headquartered from the company name',
    names: ['Company Headquarters', 'Company Headquarters Lookup', 'Company HQ Lookup', 'Company HQ'],
    inputs: [['company_name', 'company']],
  },
  {
    prompt:
      'Check whether a customer is eligible for a refund based on the order date and the amount paid, and send them a confirmation.',
    names: ['Refund Check', 'Refund Eligibility Check', 'Check Refund Eligibility', 'Refund Eligibility'],
    inputs: [['order_date'], ['amount_paid', 'amount']],
  },
  {
    prompt: 'Every day after market close, get the closing stock prices for my watchlist and save them as a CSV',
    names: ['Closing Stock Prices', 'Daily Closing Stock Prices', 'Stock Closing Prices'],
    inputs: [['watchlist', 'stock_tickers', 'tickers', 'stocks']],
    notes: ['schedule'],
  },
  {
    prompt: 'Convert an amount of money from one currency to another, for example 100 USD to EUR.',
    names: ['Currency Converter', 'Currency Conversion', 'Convert Currency'],
    inputs: [['amount'], ['from_currency', 'source_currency', 'currency'], ['to_currency', 'target_currency']],
  },
  {
    prompt: 'Send a customer an update on their order status using the order number and their email',
    names: ['Order Status Update', 'Order Status', 'Order Update'],
    inputs: [['order_number'], ['email', 'customer_email', 'email_address']],
  },
  {
    prompt: 'Summarize a YouTube video and give me the key points',
    names: ['YouTube Video Summary', 'Summarize YouTube Video', 'Video Summary'],
    inputs: [['url', 'video_url', 'youtube_url', 'video', 'youtube_video']],
    notes: ['browsing'],
  },
  {
    prompt: 'Write an SEO-friendly product page for a new product with the product name, features and price',
    names: ['SEO Product Page', 'SEO-Friendly Product Page', 'SEO-friendly Product Page', 'Product Page'],
    inputs: [['product_name'], ['features'], ['price']],
  },
  {
    prompt: 'Send an SMS reminder to patients the day before their appointment with the time and the clinic address',
    names: ['SMS Reminder', 'Appointment Reminder', 'SMS Appointment Reminder'],
    inputs: [
      ['appointment_time', 'time', 'appointment_date'],
      ['clinic_address', 'address'],
    ],
  },
  {
    prompt: 'Extract the line items from a PDF invoice into a CSV file',
    names: ['Invoice Line Items', 'Invoice Line Item Extraction', 'Line Item Extraction', 'Extract Invoice Line Items'],
    inputs: [['invoice', 'pdf_invoice', 'invoice_text', 'invoice_pdf', 'text']],
  },
  {
    prompt: 'Write a LinkedIn post about our latest blog article, with a link to it',
    names: ['LinkedIn Post', 'Blog Article LinkedIn Post'],
    inputs: [['article_link', 'link', 'url', 'article_url', 'blog_article_url', 'article']],
  },
  {
    prompt: 'When a deal is marked closed won in HubSpot, send a thank you email to the contact',
    names: ['Thank You Email', 'Thank-You Email', 'Closed Won Thank You Email', 'Deal Thank You Email'],
    inputs: [['contact_name', 'contact', 'name', 'contact_email', 'email']],
    notes: ['trigger', 'integration'],
  },
  {
    prompt: 'Post our weekly KPIs to Slack every Monday: revenue, new customers and churn rate',
    names: ['Weekly KPIs', 'Weekly KPI Report', 'KPI Report', 'Weekly KPI Summary', 'KPI Summary'],
    inputs: [['revenue'], ['new_customers', 'customers'], ['churn_rate']],
    notes: ['schedule', 'integration'],
  },
  {
    prompt: 'Call our pricing API with a product SKU and return the current price and stock level',
    names: [
      'Product Price Lookup',
      'Price Lookup',
      'Price and Stock Lookup',
      'SKU Price Lookup',
      'Price and Stock Level',
    ],
    inputs: [['sku', 'product_sku']],
  },
  {
    prompt: 'Create an FAQ page from a list of customer questions and our answers',
    names: ['FAQ Page', 'Customer FAQ Page'],
    inputs: [['questions', 'customer_questions'], ['answers']],
  },
  {
    prompt: 'Make a monthly KPI report for the sales team from a spreadsheet of deals',
    names: ['Monthly KPI Report', 'KPI Report', 'Monthly Sales KPI Report', 'Sales KPI Report'],
    inputs: [['deals', 'spreadsheet']],
  },
  {
    prompt: 'Check a website URL and tell me if the site is down',
    names: [
      'Website Status Check',
      'Website Check',
      'Website Uptime Check',
      'Check Website',
      'Website URL Check',
      'URL Check',
    ],
    inputs: [['url', 'website_url', 'website']],
    notes: ['browsing'],
  },
  {
    prompt: 'Write a welcome SMS for new gym members with their first name and membership plan',
    names: ['Welcome SMS', 'Member Welcome SMS', 'Gym Welcome SMS', 'Gym Member Welcome SMS'],
    inputs: [
      ['first_name', 'name'],
      ['membership_plan', 'plan'],
    ],
  },
  {
    prompt: 'Screen CVs for a sales manager job and shortlist the top 5 candidates',
    names: ['CV Screening', 'Screen CVs', 'Candidate Shortlist', 'Shortlist Candidates'],
    inputs: [['cvs', 'resumes', 'candidates']],
  },
  {
    prompt: 'Calculate the VAT on an invoice amount for a given country',
    names: ['VAT Calculator', 'VAT Calculation', 'Invoice VAT Calculator'],
    inputs: [['amount', 'invoice_amount'], ['country']],
  },
  {
    prompt:
      'Draft a polite payment reminder email for an overdue invoice with the client name, invoice number, amount due and due date',
    names: ['Payment Reminder Email', 'Payment Reminder', 'Overdue Invoice Reminder'],
    inputs: [['client_name'], ['invoice_number'], ['amount_due', 'amount'], ['due_date']],
  },
  {
    prompt:
      'Prepare a leave request summary for HR: employee name, leave type (annual, sick or unpaid), start date and end date',
    names: ['Leave Request Summary', 'Leave Request'],
    inputs: [['employee_name'], ['leave_type'], ['start_date'], ['end_date']],
  },
  {
    prompt: 'Write 3 subject lines for a Mailchimp newsletter about our summer sale',
    names: ['Newsletter Subject Lines', 'Subject Lines', 'Email Subject Lines'],
    inputs: [],
  },
  {
    prompt:
      'Generate a packing slip as a PDF for an online order with the customer name, shipping address and the items ordered',
    names: ['Packing Slip', 'Order Packing Slip'],
    inputs: [['customer_name'], ['shipping_address'], ['items', 'items_ordered']],
  },
  {
    prompt: 'Find abandoned carts from the last 24 hours in Shopify and send each customer a discount code',
    names: ['Abandoned Carts', 'Abandoned Cart Recovery', 'Abandoned Cart Discount', 'Abandoned Cart Emails'],
    inputs: [],
    notes: ['integration'],
  },
  {
    prompt: 'Pull our GitHub issues labeled bug and make a weekly bug report',
    names: ['Weekly Bug Report', 'Bug Report', 'GitHub Bug Report', 'GitHub Issues'],
    inputs: [],
    notes: ['integration'],
  },
  {
    prompt: 'Read a customer review and tell me if it is positive, negative or neutral',
    names: ['Review Sentiment', 'Customer Review Sentiment', 'Review Sentiment Analysis', 'Customer Review Check'],
    inputs: [['review', 'customer_review', 'review_text']],
  },
  {
    prompt: "Give me today's exchange rate between two currencies",
    names: ['Exchange Rate', 'Currency Exchange Rate', 'Exchange Rate Lookup'],
    inputs: [['currencies', 'from_currency', 'currency', 'base_currency']],
  },
  {
    prompt: 'Where is my order? Look up the order status from the order number and tell the customer.',
    names: ['Order Status', 'Order Status Lookup', 'Order Status Update'],
    inputs: [['order_number']],
  },
  {
    prompt: 'Document an API endpoint from its URL, method and an example response',
    names: ['API Endpoint Documentation', 'API Documentation', 'API Endpoint Docs', 'Document API Endpoint'],
    inputs: [['url', 'endpoint_url'], ['method'], ['example_response', 'response']],
  },
  {
    prompt: 'Summarize the customer support chat transcript and list what the customer asked for',
    names: [
      'Support Chat Summary',
      'Customer Support Chat Summary',
      'Chat Transcript Summary',
      'Support Chat Transcript Summary',
    ],
    inputs: [['transcript', 'chat_transcript', 'support_chat_transcript']],
  },
  {
    prompt: 'Make a sales quote in PDF for a customer with the products, quantities and discount',
    names: ['Sales Quote', 'Customer Quote'],
    inputs: [['customer_name', 'customer'], ['products'], ['quantities'], ['discount']],
  },
];

/** Every held-out prompt, with the set it belongs to. */
export const HELD_OUT_SETS: Record<string, HeldOutPrompt[]> = { first: FIRST_SET, second: SECOND_SET };

export const HELD_OUT: HeldOutPrompt[] = [...FIRST_SET, ...SECOND_SET];

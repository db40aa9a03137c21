// Demo backlog: stories from the user-story data sets of Dalpiaz (Mendeley Data, doi 10.17632/7zbk8zsd8y,
// CC BY 4.0), as shipped in the public repository RELabUU/aqusa-core (backlog g14, a data registry).
import type { TicketData } from "@/lib/scoring";

export const DEMO_BACKLOG: string[] = [
  "As a Publisher, I want to publish a dataset, so that I can view just the dataset with a few people.",
  "As a Publisher, I want to publish a dataset, so that I can share the dataset publicly with everyone.",
  "As a Publisher, I want to sign up for an account, so that I can publish my data package to the registry and to have a publisher account to publish my data package under.",
  "As a Visitor, I want to sign up via github or google, so that I don't have to enter lots of information and remember my password for yet another website.",
  "As a Publisher, I want to know what do next after signing up, so that I can get going quickly.",
  "As an Admin, I want to invite someone to join the platform, so that they can start contributing or using data.",
  "As a Publisher, I want to import my data package into the registry, so that my data has a permanent online home to access.",
  "As a Publisher, I want to configure my client, so that I can start publishing data packages.",
  "As a Publisher, I want to use a publish command to update a data package that is already in the registry, so that it appears there.",
  "As a Publisher, I want to unpublish a data package, so that it is no longer visible to anyone.",
  "As a Publisher, I want to permanently delete a data package, so that it no longer takes up storage space.",
  "As a Publisher, I want to validate the data I am about to publish to the registry, so that I publish good data and know that I am doing.",
  "As a Publisher, I want to data to be validated when I publish it, so that I know immediately if I have accidentally broken my data or have bugs and can take action to correct.",
  "As a Consumer, I want to know that the data I am downloading is good and can be relied on, so that I don't have to check it myself or run into annoying bugs later on.",
  "As a Publisher, I want to publish a data package where its resource data is stored on my servers but the registry caches a copy of that data, so that if my data is lost or gets broken I still have a copy people can use.",
  "As a Consumer, I want to be able to get the data for a data package even if the original data has been moved or removed, so that I can still use is and my app or analysis keeps working.",
  "As a Publisher, I want to publish a data package in the UI, so that it is available and published.",
  "As a Publisher, I want to create a data package in the UI so that it is available and published.",
  "As a Publisher, I want to be able to restore the deleted data package via cli, so that it is back visible and available to view, download.",
  "As a Publisher, I want to undelete the deleted data packages, so that the deleted data packages is now visible again.",
  "As a Publisher, I want to be able to preview the views of the current data package using cli prior to publishing, so that I can refine the json declarations of datapackage view section to achieve a great looking result.",
  "As a Consumer, I want to view a data package online, so that I can get a sense of whether this is the dataset I want.",
  "As a publisher, I want to show the world how my published data is, so that it immediately catches consumer's attention.",
  "As a consumer, I want to view the data package, so that I can get a sense of whether I want this dataset or not.",
  "As a Publisher, I want to preview a datapackage I have prepared, so that I can check it works and share the results.",
  "As a Consumer, I want to see how much the data has been downloaded, so that I can choose most popular in the case when there are several alternatives for my use case.",
  "As a Publisher, I want to see real examples of published packages so that I can understand how useful and simple the datapackage format and the registry is.",
  "As a Consumer, I want to see some example data packages quickly, so that I get a sense of what is on this site and if it is useful to look further.",
  "As a Consumer, I want to search data packages, so that I can find the ones I want.",
  "As a Consumer, I want to search based on description of data package, so that I can find package which related to some key words.",
  "As a Consumer, I want to download the data package in one file, so that I don't have to download descriptor and each resource by hand.",
  "As a Developer, I want to use data package as a node lib in my project, so that I can depend on it using my normal dependency framework.",
  "As a Consumer, I want to load a Data Package from R, so that I can immediately start playing with it.",
  "As a Data Analyst I want to download a data package, so that I can study it and wrangle with it to infer new data or generate new insights.",
  "As a Data Analyst, I want to update previously downloaded data package, so that I can work with the most recent data.",
  "As a Consumer, I want to download a DataPackage's data one coherent SQLite database, so that I can get it easily in one form.",
  "As a Data Analyst, I want to compare different versions of some datapackage locally, so that I can see schema changes clearly and adjust my analytics code to the desired schema version.",
  "As a Web Developer, I want to be able to install multiple versions of the same datapackage separately, so that all my projects could be developed independently and deployed locally.",
  "As a Developer, I want to list all DataPackages requirements for my project in the file and pin the exact versions of any DataPackage that my project depends on, so that the project can be deterministically deployed locally and won't break because of the DataPackage schema changes.",
  "As a Publisher, I want to tag datapackage to create a snapshot of data on the registry server, so that consumers can refer to it.",
];

/** Stories their authors improved edit by edit: each version is scored, so the history shows the gain. */
export const DEMO_EDITED_STORIES: { key: string; versions: Omit<TicketData, "key">[] }[] = [
  {
    key: "SHOP-101",
    versions: [
      { summary: "Checkout and payment improvements, make it fast and easy etc." },
      { summary: "As a returning shopper, I want to pay with a saved card so that I can check out faster." },
      {
        summary: "As a returning shopper, I want to pay with a saved card so that I can check out faster.",
        acceptance_criteria:
          "Given I have a saved card, when I open checkout, then the saved card is preselected.\nGiven I pay with a saved card, when the payment succeeds, then I see the order confirmation within 3 seconds.",
      },
    ],
  },
  {
    key: "SHOP-102",
    versions: [
      { summary: "Search should be better and users should be able to filter and sort results (after SHOP-90 is done)." },
      { summary: "As a shopper, I want to filter search results by price so that I only see products I can afford." },
      {
        summary: "As a shopper, I want to filter search results by price so that I only see products I can afford.",
        description: "Price ranges come from the catalogue; the filter applies to the current search only.",
        acceptance_criteria:
          "Given a search with results, when I set a maximum price of 50, then every listed product costs at most 50.\nGiven a price filter, when I clear it, then all results are listed again.",
      },
    ],
  },
  {
    key: "SHOP-103",
    versions: [
      { summary: "Notifications" },
      { summary: "As a customer, I want an email when my order ships so that I know when to expect it." },
      {
        summary: "As a customer, I want an email when my order ships so that I know when to expect it.",
        acceptance_criteria:
          "Given my order has shipped, when the carrier confirms pickup, then I receive an email with the tracking link within 10 minutes.",
      },
    ],
  },
  {
    key: "SHOP-104",
    versions: [
      { summary: "As an admin I want a user-friendly dashboard with all the important metrics and reports and exports" },
      { summary: "As a store admin, I want to see today's revenue on the dashboard so that I can spot a bad day early." },
    ],
  },
];

/**
 * Work items that are not stories, as a tracker types them (`issue_type`), so a fresh dashboard shows each kind
 * judged as what it is: bugs by their steps and expected result, tasks by their done condition, a spike by its
 * question, timebox and output.
 */
export const DEMO_WORK_ITEMS: TicketData[] = [
  {
    key: "REG-201",
    issue_type: "Bug",
    summary: "Publishing a data package whose name contains a space fails with a server error",
    description:
      "Steps to reproduce:\n1. Create a data package named \"city budgets\".\n2. Run `data push` from its folder.\n\nExpected: the package is published as city-budgets, or the command says the name is not allowed.\nActual: the command prints \"500 Internal Server Error\" and nothing is published.\n\nSeen on the production registry with client 0.9.2.",
    acceptance_criteria: "Given a package name with a space, when I publish it, then I get a message naming the allowed characters and no server error.",
  },
  {
    key: "REG-202",
    issue_type: "Defect",
    summary: "Search lists data packages that were deleted",
    description:
      "Steps: delete a data package, then search for its title.\nExpected: the deleted package is not listed.\nActual: it is listed, and opening it shows a 404 page.",
  },
  {
    key: "REG-203",
    issue_type: "Bug",
    summary: "Download counts are wrong",
    description: "Some numbers look off on the package page.",
  },
  {
    key: "REG-210",
    issue_type: "Task",
    summary: "Upgrade the registry database from PostgreSQL 13 to 16",
    description:
      "PostgreSQL 13 reaches end of life in November. Upgrade staging first, then production in the Sunday maintenance window.\n\nDone when production runs 16, the nightly backup of the upgraded database has been restored once on staging, and the runbook names the new version.",
  },
  {
    key: "REG-211",
    issue_type: "Sub-task",
    summary: "Validate the example data packages in CI",
    description: "Add a CI job that runs `data validate` on every package in examples/ and fails the build on an invalid one.",
  },
  {
    key: "REG-212",
    issue_type: "Task",
    summary: "Clean up the storage bucket",
  },
  {
    key: "REG-220",
    issue_type: "Spike",
    summary: "Spike: can we serve resource data through a CDN without breaking private packages?",
    description:
      "Question: can resource files of public packages be served from a CDN while private packages stay behind the registry's access check?\nTimebox: 3 days.\nOutput: a one-page write-up with the options tried, the measured download times and a recommendation, shared in the architecture channel.",
  },
];

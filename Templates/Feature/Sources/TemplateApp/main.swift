// template: looks a term up in the built-in glossary and prints its definition. The entry
// point only: the command is in the TemplateCLI library, which tests can import.

import TemplateCLI

await TemplateCommand.main()

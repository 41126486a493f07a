; Python: declarations, imports and calls for dev.eaglemem.syntax (capture vocabulary: TreeReader).

(class_definition name: (identifier) @name) @def.class
(function_definition name: (identifier) @name) @def.function
(module
  (expression_statement (assignment left: (identifier) @name)) @def.constant.upper)
(type_alias_statement left: (type (identifier) @name)) @def.type

(import_statement name: [(dotted_name) @import (aliased_import name: (dotted_name) @import)]) @preamble
(import_from_statement module_name: [(dotted_name) (relative_import)] @import) @preamble
(future_import_statement) @preamble

(call function: (identifier) @call)
(call function: (attribute attribute: (identifier) @call))

(ERROR) @error

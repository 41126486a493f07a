; PHP: declarations, imports and calls for dev.eaglemem.syntax (capture vocabulary: TreeReader).
; Namespaces name no declaration and qualify none: like Java packages (the namespace line is not chunked).

(class_declaration name: (name) @name) @def.class
(interface_declaration name: (name) @name) @def.interface
(trait_declaration name: (name) @name) @def.trait
(enum_declaration name: (name) @name) @def.enum
(method_declaration !body name: (name) @name) @def.method.signature
(method_declaration name: (name) @name) @def.method
(function_definition name: (name) @name) @def.function
(const_declaration (const_element (name) @name)) @def.constant

(namespace_use_declaration) @import.php @preamble
(program
  (expression_statement
    [(require_expression (_) @import.path) (require_once_expression (_) @import.path)
     (include_expression (_) @import.path) (include_once_expression (_) @import.path)]) @preamble)
[(require_expression (_) @import.path) (require_once_expression (_) @import.path)
 (include_expression (_) @import.path) (include_once_expression (_) @import.path)]
(php_tag) @preamble
(declare_statement) @preamble
(namespace_definition name: (_) @preamble)

(function_call_expression function: [(name) @call (qualified_name (name) @call)])
(member_call_expression name: (name) @call)
(nullsafe_member_call_expression name: (name) @call)
(scoped_call_expression name: (name) @call)
(object_creation_expression [(name) @call (qualified_name (name) @call)])

(ERROR) @error

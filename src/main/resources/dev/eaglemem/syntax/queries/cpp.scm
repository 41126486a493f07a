; C++ only. Namespaces name no declaration and qualify none: like Java packages (the namespace line is not chunked).

(class_specifier name: (type_identifier) @name body: (_)) @def.class
(alias_declaration name: (type_identifier) @name) @def.type
; T& f(…)
(function_definition
  declarator: (reference_declarator (function_declarator declarator: (_) @name))) @def.function
(namespace_definition
  body: (declaration_list
    (declaration (type_qualifier) declarator: (init_declarator declarator: (identifier) @name)) @def.constant))

(namespace_definition name: (_) @preamble)
(using_declaration) @preamble

(call_expression function: (qualified_identifier name: (identifier) @call))
(call_expression function: (template_function name: (identifier) @call))
(call_expression function: (qualified_identifier name: (template_function name: (identifier) @call)))
(new_expression type: (type_identifier) @call)

; Ruby: declarations, imports and calls for dev.eaglemem.syntax (capture vocabulary: TreeReader).

(class name: [(constant) (scope_resolution)] @name) @def.class
(module name: [(constant) (scope_resolution)] @name) @def.module
(method name: (_) @name) @def.function
(singleton_method name: (_) @name) @def.method
(assignment left: (constant) @name) @def.constant

; require 'x', require_relative 'x' (TreeReader marks the latter relative); only plain strings name a file.
(program
  (call method: (identifier) @_fn arguments: (argument_list . (string . (string_content) @import .))) @preamble)
(call method: (identifier) @_fn arguments: (argument_list . (string . (string_content) @import .)))

(call method: [(identifier) (constant)] @call) ; constant: Kernel-style BigDecimal("1")

(ERROR) @error

/** Props of a node form: the node, narrowed to its kind. */
import type { NodeKind, NodeOfKind } from "../../../schema/index.js";

export interface NodeFormProps<K extends NodeKind> {
  node: NodeOfKind<K>;
}

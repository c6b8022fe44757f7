import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import {
  AddButton,
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  ArrayItemButtons,
  RemoveButton,
} from './rjsf/array-templates';
import {
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate,
} from './rjsf/field-templates';
import { BaseInputTemplate, widgets as themeWidgets } from './rjsf/widgets';

export { ErrorVisibility } from './rjsf/field-parts';

/** The form's own submit row is passed as children, so RJSF's default submit never renders. */
function NoSubmit() {
  return null;
}

/** RJSF's templates, styled like the rest of the app (the parts are in ./rjsf/). */
export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  BaseInputTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldItemButtonsTemplate: ArrayItemButtons,
  ButtonTemplates: {
    AddButton,
    RemoveButton,
    SubmitButton: NoSubmit,
    CopyButton: NoSubmit,
    MoveUpButton: NoSubmit,
    MoveDownButton: NoSubmit,
    ClearButton: NoSubmit,
  },
};

/** The widgets RJSF picks by schema (textarea, select, checkbox), styled the same way. */
export const widgets: RegistryWidgetsType = themeWidgets;

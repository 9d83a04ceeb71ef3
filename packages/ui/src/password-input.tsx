import { IconButton } from '@chakra-ui/react/button';
import { Input, type InputProps } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { type Ref, useState } from 'react';
import { FiEye, FiEyeOff } from 'react-icons/fi';
import { uiMessages } from './messages.js';

export interface PasswordInputProps extends Omit<InputProps, 'type'> {
  ref?: Ref<HTMLInputElement>;
  /** Start with the password visible (tests, or a "show" preference). */
  defaultVisible?: boolean;
}

/** A password field with a show/hide toggle whose accessible name says what it does. */
export function PasswordInput({ ref, defaultVisible = false, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(defaultVisible);
  return (
    <InputGroup
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          me="-2"
          aria-label={visible ? uiMessages.hidePassword : uiMessages.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((current) => !current)}
        >
          {visible ? <FiEyeOff /> : <FiEye />}
        </IconButton>
      }
    >
      <Input ref={ref} type={visible ? 'text' : 'password'} autoComplete="current-password" {...props} />
    </InputGroup>
  );
}
